import { Headphones } from 'lucide-react';
import { Wordmark } from '@/components/ui/logo';

export const copyrightText = 'copyright 2025, 커튼콜, all rights reserved';
export const supportPhone = '1588-0000';

const policyLinks = [
  { label: '개인정보처리방침', href: '#' },
  { label: '이용약관', href: '#' },
  { label: '쿠키 정책', href: '#' },
] as const;

/** Stacked and centred on mobile; brand left and links right from tablet up. */
export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-white/5 bg-surface-900/60">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-10 text-center tablet:flex-row tablet:items-start tablet:justify-between tablet:px-6 tablet:text-left desktop:px-8">
        <div className="flex flex-col items-center gap-3 tablet:items-start">
          <Wordmark />
          <p className="max-w-sm text-sm leading-relaxed text-zinc-400">
            공정한 대기열과 실시간 좌석 선택으로 모두에게 같은 기회를 드리는 콘서트 예매 서비스
          </p>
          <p className="flex items-center gap-1.5 text-sm text-zinc-400">
            <Headphones className="size-4" aria-hidden />
            고객센터 <span className="font-semibold text-zinc-200">{supportPhone}</span>
            <span className="text-zinc-400">(평일 09:00~18:00)</span>
          </p>
        </div>
        <div className="flex flex-col items-center gap-4 tablet:items-end">
          <nav aria-label="약관 및 정책">
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
              {policyLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    className="rounded font-medium text-zinc-300 hover:text-white"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-xs text-zinc-400">{copyrightText}</p>
        </div>
      </div>
    </footer>
  );
}
