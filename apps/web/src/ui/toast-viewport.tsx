import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Toast, ToastTone } from './toast-context';
import { placeToasts, type ToastBox } from './toast-placement';
import '../styles/toast-action.css';

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

const styleOf = (box: ToastBox | null): CSSProperties | undefined =>
  box ? { top: box.top ?? 'auto', bottom: box.bottom ?? 'auto', left: box.left, right: 'auto', width: box.width } : undefined;

/**
 * The stack of toasts in the corner; a polite live region so screen readers hear them. While a dialog is open
 * the stack moves where it covers none of the dialog's buttons (toast-placement.ts).
 */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const ref = useRef<HTMLElement>(null);
  const [box, setBox] = useState<ToastBox | null>(null);
  const hasToasts = toasts.length > 0;

  const place = useCallback(() => {
    const viewport = ref.current;
    if (!viewport) return;
    const openDialogs = [...document.querySelectorAll('dialog[open]')];
    // A modal <dialog> sits in the top layer above the page; toasts must show above it, so the viewport is a
    // manual popover, re-opened while a dialog is open to come out on top (and opened before it is measured).
    if (typeof viewport.showPopover === 'function') {
      const isOpen = viewport.matches(':popover-open');
      if (isOpen && openDialogs.length > 0) viewport.hidePopover();
      if (!isOpen || openDialogs.length > 0) viewport.showPopover();
    }
    const dialogs = openDialogs.map((dialog) => dialog.getBoundingClientRect());
    const next = placeToasts(dialogs, { width: window.innerWidth, height: window.innerHeight }, viewport.offsetHeight);
    setBox((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new or merged toast is the trigger
  useLayoutEffect(() => {
    if (hasToasts) place();
  }, [toasts, hasToasts, place]);

  // While toasts are up, a dialog opening or closing, or the window resizing, moves them.
  useEffect(() => {
    if (!hasToasts) return;
    const observer = new MutationObserver(place);
    observer.observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [hasToasts, place]);

  return (
    <section
      ref={ref}
      popover="manual"
      className="toast-viewport"
      style={styleOf(box)}
      aria-label="Messages"
      aria-live="polite"
      data-placement={box ? 'around-dialog' : 'corner'}
    >
      {toasts.map((toast) => {
        const Icon = ICONS[toast.tone];
        return (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role="status" data-testid="toast" data-tone={toast.tone}>
            <Icon className="toast__icon" size={18} aria-hidden="true" />
            <div className="toast__body">
              {toast.title && <p className="toast__title">{toast.title}</p>}
              <p className="toast__message">{toast.message}</p>
              {toast.action && (
                <button
                  type="button"
                  className="button button--secondary button--small toast__action"
                  onClick={() => {
                    toast.action?.onAction();
                    onDismiss(toast.id);
                  }}
                  data-testid="toast-action"
                >
                  {toast.action.label}
                </button>
              )}
            </div>
            <button type="button" className="icon-button toast__close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
              <X size={16} aria-hidden="true" />
            </button>
            {/* Keyed by the repeats: the same message shown again starts the bar over with its timer. */}
            {Number.isFinite(toast.durationMs) && (
              <span
                key={toast.repeats}
                className="toast__timer"
                style={{ animationDuration: `${toast.durationMs}ms` }}
                aria-hidden="true"
              />
            )}
          </div>
        );
      })}
    </section>
  );
}
