import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
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
  return (
    <section className="toast-viewport" aria-label="Messages" aria-live="polite">
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
