import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** A success (status) or failure (alert) message inside the account pages' cards. */
export function AccountNotice({
  kind,
  children,
}: {
  kind: 'success' | 'error';
  children: ReactNode;
}) {
  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <p
      role={kind === 'success' ? 'status' : 'alert'}
      className={clsx(
        'flex items-start gap-2 rounded-xl border px-4 py-3 text-sm',
        kind === 'success'
          ? 'border-emerald-400/40 bg-emerald-500/10 text-emerald-100'
          : 'border-rose-400/40 bg-rose-500/10 text-rose-100',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
