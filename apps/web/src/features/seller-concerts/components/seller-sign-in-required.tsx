import { LogIn, ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '@/components/ui/button';

/**
 * The access-denied view of the seller concert pages for a visitor without a session
 * (seller-admin-side.md §2). The route guard normally sends such visitors to /unauthorized
 * before the page renders; this covers a session that ends while the page is open.
 */
export function SellerSignInRequired({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-surface-700 bg-surface-900/70 px-6 py-14 text-center">
      <ShieldAlert className="size-10 text-rose-300" aria-hidden />
      <h1 className="text-xl font-bold text-white">접근 권한이 없습니다</h1>
      <p className="text-zinc-300">{message}</p>
      <Link
        to="/login"
        state={{ from: location.pathname }}
        className={buttonStyles({ size: 'lg' })}
      >
        <LogIn className="size-4" aria-hidden />
        로그인
      </Link>
    </div>
  );
}
