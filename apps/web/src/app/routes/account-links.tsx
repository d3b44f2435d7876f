import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The links under the account pages' forms: back to 로그인, and the other 찾기 page. */
export function AccountLinks({ children }: { children?: ReactNode }) {
  return (
    <nav
      aria-label="계정 메뉴"
      className="mt-8 flex items-center justify-center gap-4 text-sm text-zinc-400"
    >
      <Link to="/login" className="hover:text-white">
        로그인
      </Link>
      {children && <span aria-hidden className="h-3 w-px bg-surface-600" />}
      {children}
    </nav>
  );
}
