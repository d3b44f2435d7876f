import type { PriceBreakdownWire } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { LockKeyhole, Timer, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { formatCountdown, useSecondsLeft } from '@/lib/use-seconds-left';
import { USER_CANCEL } from '../utils/checkout-outcome';
import { checkoutTexts } from '../utils/checkout-texts';
import { forgetTypedCard, resultPathOf, sandboxMessageCode } from '../utils/sandbox-checkout';
import { CheckoutBreakdown } from './checkout-breakdown';

interface SandboxCheckoutWindowProps {
  /** The sandbox checkout page, on this origin (a frame can only be followed on the same one). */
  url: string;
  orderName: string;
  /** The server's amount: what the window charges. */
  amount: number;
  /** What `amount` is made of, when the server says (issue 27). */
  breakdown?: PriceBreakdownWire | undefined;
  /** A line above the window, e.g. that the amount differs from the seat page's. */
  notice?: string | null;
  /** When the booking's payment window ends (epoch ms): the seats are held until then. */
  paymentDeadline?: number;
  /** The window's name (dialog and frame): '카드 결제', or '간편결제' for a provider's page. */
  title?: string;
  /** The buyer closed the window: its 결제 취소, the close button or Escape. */
  onCancel: () => void;
  /** The window reached a result page (path with query): the whole app should go there. */
  onResult: (path: string) => void;
}

/**
 * The sandbox provider's card window over the page, like a provider's payment layer: the
 * server's checkout page in a same-origin frame. Its success and failure callbacks end on
 * `/payment/result/…`, which the frame's load reveals; its 결제 취소 posts USER_CANCEL.
 */
export function SandboxCheckoutWindow({
  url,
  orderName,
  amount,
  breakdown,
  notice,
  paymentDeadline,
  title = checkoutTexts.windowTitle,
  onCancel,
  onResult,
}: SandboxCheckoutWindowProps) {
  const secondsLeft = useSecondsLeft(paymentDeadline ?? null);
  const titleId = useId();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [isLoading, setIsLoading] = useState(true);
  const callbacks = useRef({ onCancel, onResult });
  useEffect(() => {
    callbacks.current = { onCancel, onResult };
  }, [onCancel, onResult]);

  useEffect(() => {
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onMessage = (event: MessageEvent) => {
      const code = sandboxMessageCode(event, frameRef.current?.contentWindow ?? null);
      if (code === USER_CANCEL) callbacks.current.onCancel();
    };
    // Keys pressed inside the frame stay there: Escape works while focus is on this page.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      callbacks.current.onCancel();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, []);

  const onFrameLoad = () => {
    setIsLoading(false);
    const path = resultPathOf(frameRef.current?.contentWindow ?? null);
    if (path?.startsWith('/payment/result/success')) forgetTypedCard();
    if (path) callbacks.current.onResult(path);
  };

  return createPortal(
    <div className="fixed inset-0 z-[90] flex items-stretch justify-center bg-black/80 backdrop-blur-sm tablet:items-center tablet:p-6">
      {/* Focus guards: Tab cycles between the close button and the frame. */}
      <span tabIndex={0} onFocus={() => frameRef.current?.focus()} className="sr-only" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="flex h-dvh w-full animate-fade-in flex-col overflow-hidden bg-surface-900 shadow-2xl shadow-black/60 tablet:h-[min(48rem,calc(100dvh-3rem))] tablet:max-w-[30rem] tablet:rounded-3xl tablet:border tablet:border-surface-700"
      >
        <header className="flex items-center gap-3 border-b border-white/5 px-4 py-3 tablet:px-5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-500/15 text-rose-300">
            <LockKeyhole className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-bold text-white">
              {title}
            </h2>
            <p className="truncate text-xs text-zinc-400">{orderName}</p>
          </div>
          <span
            className="text-base font-extrabold text-white tabular-nums"
            data-testid="checkout-amount"
          >
            {formatPrice(amount)}
          </span>
          <button
            ref={closeRef}
            type="button"
            onClick={() => callbacks.current.onCancel()}
            aria-label={checkoutTexts.closeWindow}
            className="-mr-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-white"
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>
        {secondsLeft !== null && (
          <p
            className={clsx(
              'flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-white/5 px-4 py-2 text-xs tablet:px-5',
              secondsLeft <= 60 ? 'bg-rose-500/10 text-rose-200' : 'bg-amber-400/10 text-amber-100',
            )}
          >
            <span className="flex items-center gap-1.5 font-bold">
              <Timer className="size-3.5" aria-hidden />
              {checkoutTexts.paymentTimer}
              <span role="timer" aria-label={checkoutTexts.paymentTimer} className="tabular-nums">
                {formatCountdown(secondsLeft)}
              </span>
            </span>
            <span className="text-zinc-300">{checkoutTexts.paymentTimerNote}</span>
          </p>
        )}
        {notice && (
          <p role="status" className="bg-amber-500/10 px-5 py-2 text-sm text-amber-200">
            {notice}
          </p>
        )}
        {breakdown && <CheckoutBreakdown breakdown={breakdown} />}
        <div className="relative min-h-0 flex-1 bg-[#eef1f6]">
          {isLoading && (
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label={checkoutTexts.windowLoading} />
            </div>
          )}
          <iframe
            ref={frameRef}
            src={url}
            title={title}
            onLoad={onFrameLoad}
            className="size-full border-0"
          />
        </div>
      </div>
      <span tabIndex={0} onFocus={() => closeRef.current?.focus()} className="sr-only" />
    </div>,
    document.body,
  );
}
