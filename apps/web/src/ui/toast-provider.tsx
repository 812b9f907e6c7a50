import { TOAST_MS } from '@guildhall/contract';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type Toast, ToastContext, type ToastOptions, type ToastTone } from './toast-context';
import { ToastViewport } from './toast-viewport';

/** Keeps the toasts on screen and closes each after its time (TOAST_MS unless told); one toast per message. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The toasts up now, read synchronously: two calls in one event (a mutation's toast and a form's) must see
  // each other to be merged, before React renders either.
  const current = useRef<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const commit = useCallback((next: Toast[]) => {
    current.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      const timer = timers.current.get(id);
      if (timer !== undefined) window.clearTimeout(timer);
      timers.current.delete(id);
      if (current.current.some((toast) => toast.id === id)) commit(current.current.filter((toast) => toast.id !== id));
    },
    [commit],
  );

  const startTimer = useCallback(
    (id: number, durationMs: number) => {
      const running = timers.current.get(id);
      if (running !== undefined) window.clearTimeout(running);
      // An endless toast stays until it is dismissed or acted on.
      if (!Number.isFinite(durationMs)) return;
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  const show = useCallback(
    (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      const durationMs = options.durationMs ?? TOAST_MS;
      const same = current.current.find(
        (toast) => toast.tone === tone && toast.message === message && toast.title === options.title,
      );
      if (same) {
        commit(
          current.current.map((toast) =>
            toast.id === same.id
              ? {
                  ...toast,
                  action: options.action ?? toast.action,
                  durationMs: Math.max(toast.durationMs, durationMs),
                  repeats: toast.repeats + 1,
                }
              : toast,
          ),
        );
        startTimer(same.id, Math.max(same.durationMs, durationMs));
        return same.id;
      }
      const id = nextId.current++;
      commit([...current.current, { id, tone, message, title: options.title, action: options.action, durationMs, repeats: 0 }]);
      startTimer(id, durationMs);
      return id;
    },
    [commit, startTimer],
  );

  const api = useMemo(
    () => ({
      show,
      dismiss,
      success: (message: string, options?: ToastOptions) => show('success', message, options),
      error: (message: string, options?: ToastOptions) => show('error', message, options),
      warning: (message: string, options?: ToastOptions) => show('warning', message, options),
      info: (message: string, options?: ToastOptions) => show('info', message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}
