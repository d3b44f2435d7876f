import { clsx } from 'clsx';
import { X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';

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
  /**
   * Something was typed: Escape, the backdrop, the close button and a ModalDismissButton first
   * ask whether to discard it, so a stray key or tap never loses a written review.
   */
  hasUnsavedChanges?: boolean;
}

export const discardConfirmTexts = {
  title: '작성 중인 내용이 있습니다',
  message: '닫으면 입력한 내용이 사라집니다. 닫을까요?',
  keepEditing: '계속 작성',
  discard: '닫기',
} as const;

/** The modal's guarded close, for cancel buttons in its footer or body. */
const ModalCloseContext = createContext<(() => void) | null>(null);

/** A button that closes the surrounding Modal the way Escape does (asking first when dirty). */
export function ModalDismissButton({
  children,
  disabled,
}: {
  children: ReactNode;
  disabled?: boolean;
}) {
  const requestClose = useContext(ModalCloseContext);
  return (
    <Button variant="ghost" onClick={() => requestClose?.()} disabled={disabled}>
      {children}
    </Button>
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal dialog or drawer): from its last control
 * to its first and back, and into it from anywhere outside.
 */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const focusable = [...container.querySelectorAll<HTMLElement>(focusableSelector)];
  const firstItem = focusable[0];
  const lastItem = focusable.at(-1);
  if (!firstItem || !lastItem) return;
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === firstItem || !inside)) {
    event.preventDefault();
    lastItem.focus();
  } else if (!event.shiftKey && (document.activeElement === lastItem || !inside)) {
    event.preventDefault();
    firstItem.focus();
  }
}

/**
 * A dialog over the page (buyer-side.md §2): Escape or a click on the backdrop closes it;
 * focus moves into it, stays inside while tabbing and returns to where it was on close.
 * With unsaved changes every way of closing asks first (계속 작성 / 닫기).
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  size = 'medium',
  children,
  footer,
  hasUnsavedChanges = false,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const confirmTitleId = useId();
  const confirmMessageId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dirtyRef = useRef(hasUnsavedChanges);
  const [isConfirming, setConfirming] = useState(false);
  const confirmingRef = useRef(false);
  /** Where the focus was when the question appeared: '계속 작성' puts it back there. */
  const focusBeforeConfirmRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    onCloseRef.current = onClose;
    dirtyRef.current = hasUnsavedChanges;
  }, [onClose, hasUnsavedChanges]);

  const requestClose = useCallback(() => {
    if (!dirtyRef.current) {
      onCloseRef.current();
      return;
    }
    if (confirmingRef.current) return;
    focusBeforeConfirmRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmingRef.current = true;
    setConfirming(true);
  }, []);

  const keepEditing = useCallback(() => {
    confirmingRef.current = false;
    setConfirming(false);
    const target = focusBeforeConfirmRef.current;
    // The close button or the backdrop asked: back to the dialog's first field instead.
    if (target && panelRef.current?.contains(target)) target.focus();
    else panelRef.current?.focus();
  }, []);

  const discard = useCallback(() => {
    confirmingRef.current = false;
    setConfirming(false);
    onCloseRef.current();
  }, []);

  useEffect(() => {
    if (isConfirming) confirmRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [isConfirming]);

  useEffect(() => {
    if (!isOpen) {
      confirmingRef.current = false;
      setConfirming(false);
    }
  }, [isOpen]);

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
        event.preventDefault();
        // Escape on the question means "no, keep writing", as in the browser's own dialogs.
        if (confirmingRef.current) keepEditing();
        else requestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const container = confirmingRef.current ? confirmRef.current : panel;
      if (container) keepTabInside(event, container);
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [isOpen, keepEditing, requestClose]);

  if (!isOpen) return null;

  return createPortal(
    <div
      className="fixed inset-0 z-[80] flex items-end justify-center bg-black/70 backdrop-blur-sm tablet:items-center tablet:p-6"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes; a drag out of a field does not.
        if (event.target === event.currentTarget) requestClose();
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
            onClick={requestClose}
            aria-label="닫기"
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-white"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <ModalCloseContext value={requestClose}>
          <ScrollableBody>{children}</ScrollableBody>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-white/5 px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] tablet:px-6">
              {footer}
            </div>
          )}
        </ModalCloseContext>
      </div>
      {isConfirming && (
        <div
          className="fixed inset-0 z-[85] flex items-center justify-center bg-black/60 p-6"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) keepEditing();
          }}
        >
          <div
            ref={confirmRef}
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={confirmTitleId}
            aria-describedby={confirmMessageId}
            className="w-full max-w-sm animate-fade-in rounded-2xl border border-surface-600 bg-surface-850 p-5 shadow-2xl shadow-black/70"
          >
            <h3 id={confirmTitleId} className="text-base font-bold text-white">
              {discardConfirmTexts.title}
            </h3>
            <p id={confirmMessageId} className="mt-2 text-sm text-zinc-300">
              {discardConfirmTexts.message}
            </p>
            <div className="mt-5 flex justify-end gap-2">
              <Button variant="secondary" onClick={discard}>
                {discardConfirmTexts.discard}
              </Button>
              <Button onClick={keepEditing} data-autofocus>
                {discardConfirmTexts.keepEditing}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>,
    document.body,
  );
}

/**
 * The dialog's body. When its content is taller than the sheet (a phone's bottom sheet with a
 * long history), keyboard users must be able to scroll it: it joins the Tab order then, and only
 * then (axe scrollable-region-focusable).
 */
function ScrollableBody({ children }: { children: ReactNode }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [isScrollable, setIsScrollable] = useState(false);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body || typeof ResizeObserver === 'undefined') return;
    const measure = () => setIsScrollable(body.scrollHeight > body.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [children]);
  return (
    <div
      ref={bodyRef}
      tabIndex={isScrollable ? 0 : undefined}
      className="min-h-0 flex-1 overflow-y-auto px-5 py-5 tablet:px-6"
    >
      {children}
    </div>
  );
}
