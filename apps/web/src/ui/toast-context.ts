import { createContext, useContext } from 'react';

/** How a toast reads: its colour and icon. */
export type ToastTone = 'success' | 'error' | 'warning' | 'info';

/** A button on a toast that does something about its message ('Stay signed in'); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

/** One toast on screen. */
export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  title?: string;
  action?: ToastAction;
  durationMs: number;
  /** How often the same message was shown again while this toast was up; each time its timer starts over. */
  repeats: number;
}

/** Options of a toast beyond its message. */
export interface ToastOptions {
  title?: string;
  /** How long it stays; TOAST_MS by default. Infinity keeps it, without a timer bar, until dismissed or acted on. */
  durationMs?: number;
  /** A button beside the message. */
  action?: ToastAction;
}

/**
 * Shows toasts from anywhere under the provider. A message already on screen (same tone, title and text) is not
 * shown twice: the toast up keeps its place, its timer starts over, and its id is returned.
 */
export interface ToastApi {
  show: (tone: ToastTone, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

/** The toast context; null outside the provider. */
export const ToastContext = createContext<ToastApi | null>(null);

/** The toast functions of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return toast;
}
