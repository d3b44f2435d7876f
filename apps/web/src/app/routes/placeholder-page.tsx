import { Construction, Home, Music } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';

export const placeholderTitle = '준비 중인 페이지입니다';

/** Stands in for a page that is not built yet, so no route is ever blank. */
export function PlaceholderPage({ name }: { name: string }) {
  return (
    <StatusScreen
      icon={Construction}
      title={placeholderTitle}
      description={
        <>
          <p className="mb-2 inline-block rounded-full bg-rose-500/10 px-3 py-1 text-sm font-semibold text-rose-200">
            {name}
          </p>
          <p>
            <strong className="text-zinc-100">{name}</strong> 화면은 현재 준비 중입니다. 곧 만나보실
            수 있어요.
          </p>
        </>
      }
    >
      <div className="flex flex-col justify-center gap-3 tablet:flex-row">
        <Link to="/" className={buttonStyles({ size: 'lg' })}>
          <Home className="size-4" aria-hidden />
          홈으로
        </Link>
        <Link to="/concerts" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          <Music className="size-4" aria-hidden />
          콘서트 보기
        </Link>
      </div>
    </StatusScreen>
  );
}
