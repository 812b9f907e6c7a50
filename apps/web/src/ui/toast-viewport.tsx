import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Toast, ToastTone } from './toast-context';

const ICONS: Record<ToastTone, typeof Info> = {
  success: CircleCheck,
  error: CircleX,
  warning: TriangleExclamationPoint,
  info: Info,
};

interface ToastViewportProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}

/** The stack of toasts in the corner; a polite live region so screen readers hear them. */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const ref = useRef<HTMLElement>(null);

  // A modal <dialog> sits in the top layer above the page; toasts raised while one is open (a form's
  // validation toast) must show above it, so the viewport is a manual popover, re-opened to come out on top.
  useEffect(() => {
    const viewport = ref.current;
    if (!viewport || toasts.length === 0 || typeof viewport.showPopover !== 'function') return;
    if (viewport.matches(':popover-open')) viewport.hidePopover();
    viewport.showPopover();
  }, [toasts.length]);

  return (
    <section ref={ref} popover="manual" className="toast-viewport" aria-label="Messages" aria-live="polite">
      {toasts.map((toast) => {
        const Icon = ICONS[toast.tone];
        return (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role="status" data-testid="toast" data-tone={toast.tone}>
            <Icon className="toast__icon" size={18} aria-hidden="true" />
            <div className="toast__body">
              {toast.title && <p className="toast__title">{toast.title}</p>}
              <p className="toast__message">{toast.message}</p>
            </div>
            <button type="button" className="icon-button toast__close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
              <X size={16} aria-hidden="true" />
            </button>
            <span className="toast__timer" style={{ animationDuration: `${toast.durationMs}ms` }} aria-hidden="true" />
          </div>
        );
      })}
    </section>
  );
}
