import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/ui/logo';

/** The centred card of the login and registration pages. */
export function AuthCard({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="relative isolate flex flex-1 justify-center px-4 py-10 tablet:py-16">
      <div className="absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(ellipse_at_50%_0%,rgba(244,63,94,0.22),transparent_70%)]" />
      <div
        className={clsx(
          'w-full rounded-3xl border border-white/5 bg-surface-900/80 p-6 shadow-2xl shadow-black/40 backdrop-blur tablet:p-10',
          wide ? 'max-w-2xl' : 'max-w-md',
        )}
      >
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-4 text-2xl font-bold text-white">{title}</h1>
          <p className="mt-2 text-sm text-zinc-400">{subtitle}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
