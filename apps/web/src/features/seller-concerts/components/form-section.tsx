import type { ReactNode } from 'react';

/** One titled part of a seller form (기본 정보, 회차, 예매 설정 …): a fieldset with its legend. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-surface-700 bg-surface-950/40 p-4 tablet:p-5">
      <legend className="px-1 text-base font-bold text-white">{title}</legend>
      {description && <p className="-mt-2 text-sm text-zinc-400">{description}</p>}
      {children}
    </fieldset>
  );
}
