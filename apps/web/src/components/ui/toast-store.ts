import { toastTiming } from '@curtaincall/contracts';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastPosition =
  'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

/** `visible` for the toast's duration, then `leaving` while it fades out, then removed. */
export type ToastPhase = 'visible' | 'leaving';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  position: ToastPosition;
  phase: ToastPhase;
}

export interface ToastOptions {
  position?: ToastPosition;
  /** How long the toast stays fully visible, in ms (default 3000). */
  durationMs?: number;
}

export const defaultToastPosition: ToastPosition = 'top-center';

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimers(id: number): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
}

function startLeaving(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, phase: 'leaving' } : t)));
}

function remove(id: number): void {
  clearTimers(id);
  emit(toasts.filter((t) => t.id !== id));
}

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const durationMs = options.durationMs ?? toastTiming.durationMs;
  const toast: Toast = {
    id,
    type,
    message,
    position: options.position ?? defaultToastPosition,
    phase: 'visible',
  };
  emit([...toasts, toast]);
  timers.set(id, [
    setTimeout(() => startLeaving(id), durationMs),
    setTimeout(() => remove(id), durationMs + toastTiming.fadeMs),
  ]);
  return id;
}

/** Starts the fade-out now; the toast is removed when the fade ends. */
function dismiss(id: number): void {
  const current = toasts.find((t) => t.id === id);
  if (!current || current.phase === 'leaving') return;
  clearTimers(id);
  startLeaving(id);
  timers.set(id, [setTimeout(() => remove(id), toastTiming.fadeMs)]);
}

/** Shows a notification from anywhere: `toast.success('저장되었습니다.')`. Returns its id. */
export const toast = {
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  dismiss,
};

export const toastStore = {
  getSnapshot: (): readonly Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Drops every toast and timer (tests). */
  reset(): void {
    for (const id of timers.keys()) clearTimers(id);
    emit([]);
  },
};
