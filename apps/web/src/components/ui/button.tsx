import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variantClass: Record<ButtonVariant, string> = {
  primary:
    'bg-rose-600 text-white shadow-lg shadow-rose-950/40 hover:bg-rose-500 active:bg-rose-700 disabled:bg-rose-900/60 disabled:text-rose-200/60',
  secondary:
    'bg-surface-700 text-zinc-100 hover:bg-surface-600 active:bg-surface-800 disabled:text-zinc-400',
  outline:
    'border border-surface-600 bg-transparent text-zinc-100 hover:border-zinc-400 hover:bg-white/5 disabled:text-zinc-400',
  ghost: 'bg-transparent text-zinc-300 hover:bg-white/5 hover:text-white disabled:text-zinc-600',
};

const sizeClass: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

/** The class list of a button, for links that look like buttons. */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {}): string {
  return clsx(
    'inline-flex items-center justify-center rounded-xl font-semibold whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed',
    variantClass[variant],
    sizeClass[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={clsx(buttonStyles({ variant, size, fullWidth }), className)}
      {...rest}
    >
      {isLoading && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      )}
      {children}
    </button>
  );
}
