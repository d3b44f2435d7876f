import { clsx } from 'clsx';
import { useId } from 'react';

/** The curtain mark of the brand (also the favicon). */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={clsx('shrink-0', className)} aria-hidden>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fb7185" />
          <stop offset="1" stopColor="#be123c" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <path d="M10 12h44v5H10z" fill="#fff" opacity=".95" />
      <path d="M12 17h17c-1 12-5 24-17 35z" fill="#fff" opacity=".92" />
      <path d="M52 17H35c1 12 5 24 17 35z" fill="#fff" opacity=".92" />
      <circle cx="32" cy="44" r="5" fill="#fde68a" />
    </svg>
  );
}

/** Mark plus the 커튼콜 wordmark. */
export function Wordmark({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-8" />
      <span className="flex flex-col leading-none">
        <span className="text-xl font-extrabold tracking-tight text-white">커튼콜</span>
        {!compact && (
          <span className="mt-1 text-[10px] font-semibold tracking-[0.2em] text-rose-300/80">
            콘서트 예매
          </span>
        )}
      </span>
    </span>
  );
}
