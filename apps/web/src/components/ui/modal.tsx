import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type ModalSize = 'small' | 'medium' | 'large';

const sizeClass: Record<ModalSize, string> = {
  small: 'max-w-sm',
  medium: 'max-w-lg',
  large: 'max-w-2xl',
};

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons at the bottom, outside the scrolling body. */
  footer?: ReactNode;
}

/**
 * A dialog over the page (buyer-side.md §2): Escape or a click on the backdrop closes it;
 * focus moves into it, stays inside while tabbing and returns to where it was on close.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  size = 'medium',
  children,
  footer,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!isOpen) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(focusableSelector)];
      const firstItem = focusable[0];
      const lastItem = focusable.at(-1);
      if (!firstItem || !lastItem) return;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;

  return createPortal(
    <div
      className="fixed inset-0 z-[80] flex items-end justify-center bg-black/70 backdrop-blur-sm tablet:items-center tablet:p-6"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes; a drag out of a field does not.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-size={size}
        className={clsx(
          'flex max-h-[92dvh] w-full animate-fade-in flex-col rounded-t-3xl border border-surface-700 bg-surface-900 shadow-2xl shadow-black/60 focus:outline-none tablet:rounded-3xl',
          sizeClass[size],
        )}
      >
        <div className="flex items-start gap-3 border-b border-white/5 px-5 pt-5 pb-4 tablet:px-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold text-white">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-zinc-400">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="닫기"
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-white"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 tablet:px-6">{children}</div>
        {footer && (
          <div className="flex justify-end gap-2 border-t border-white/5 px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] tablet:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
