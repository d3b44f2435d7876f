/** The builder's compact inputs, in the app's dark style (text-field.tsx, at a denser size). */
export const compactInputClass =
  'h-9 w-full rounded-lg border border-surface-700 bg-surface-900 px-2.5 text-sm text-zinc-50 [color-scheme:dark] hover:border-surface-600 focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none aria-[invalid=true]:border-rose-500/80';

export const compactLabelClass = 'text-xs font-medium text-zinc-300';

export const panelClass = 'rounded-2xl border border-surface-700 bg-surface-900/70 p-4';
