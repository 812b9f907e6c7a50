import { TOAST_MS } from '@guildhall/contract';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type Toast, ToastContext, type ToastOptions, type ToastTone } from './toast-context';
import { ToastViewport } from './toast-viewport';

/** Keeps the toasts on screen and closes each after its time (TOAST_MS unless told). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      const durationMs = options.durationMs ?? TOAST_MS;
      setToasts((current) => [...current, { id, tone, message, title: options.title, durationMs }]);
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), durationMs),
      );
      return id;
    },
    [dismiss],
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
