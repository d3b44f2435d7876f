import { clsx } from 'clsx';
import { Home, UserRound } from 'lucide-react';
import { useId, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';

export const paymentResultLinks = {
  mypage: { to: '/mypage/profile', label: '마이페이지' },
  home: { to: '/', label: '홈으로' },
} as const;

interface PaymentResultFrameProps {
  tone: 'success' | 'failure' | 'pending';
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

const toneClass = {
  success: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/30',
  failure: 'bg-rose-500/15 text-rose-300 ring-rose-400/30',
  /** A 가상계좌 waiting for its deposit (issue 28). */
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-400/30',
} as const;

/** The payment result pages' frame: the outcome, what the page knows, my page and home. */
export function PaymentResultFrame({
  tone,
  icon: Icon,
  title,
  description,
  children,
}: PaymentResultFrameProps) {
  const headingId = useId();
  return (
    // A region named by the outcome: the page's name for screen readers (the tab title stays).
    <section
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-xl flex-col items-center px-5 py-12 text-center tablet:py-20"
    >
      <span
        className={clsx(
          'flex size-16 items-center justify-center rounded-2xl ring-1',
          toneClass[tone],
        )}
      >
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 id={headingId} className="mt-6 text-2xl font-bold text-white tablet:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-base leading-relaxed text-zinc-300">{description}</p>
      <div className="mt-8 w-full text-left">{children}</div>
      <nav aria-label="다음으로 이동" className="mt-8 grid w-full grid-cols-2 gap-3">
        <Link
          to={paymentResultLinks.mypage.to}
          className={buttonStyles({ variant: 'outline', size: 'lg', fullWidth: true })}
        >
          <UserRound className="size-5" aria-hidden />
          {paymentResultLinks.mypage.label}
        </Link>
        <Link
          to={paymentResultLinks.home.to}
          className={buttonStyles({ size: 'lg', fullWidth: true })}
        >
          <Home className="size-5" aria-hidden />
          {paymentResultLinks.home.label}
        </Link>
      </nav>
    </section>
  );
}

/** One labelled line of the result card. */
export function ResultRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 tablet:flex-row tablet:gap-4">
      <dt className="shrink-0 text-sm text-zinc-400 tablet:w-24">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-zinc-100">{children}</dd>
    </div>
  );
}

export function ResultCard({ children }: { children: ReactNode }) {
  return (
    <dl className="divide-y divide-white/5 rounded-2xl border border-surface-700 bg-surface-900/80 px-5 py-2">
      {children}
    </dl>
  );
}
