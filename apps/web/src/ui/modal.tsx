import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useScrollFocus } from './use-scroll-focus';

/** Modal widths of the shared UI kit (spec 2 §2). */
export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

interface ModalProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
}

/** A modal dialog on the native <dialog>: focus stays inside, Escape and the backdrop close it. */
export function Modal({ isOpen, title, onClose, size = 'md', children, footer }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollFocus(bodyRef, isOpen);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      // React renders no autofocus attribute, so the dialog would focus its first button: honour data-autofocus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  function handleCancel(event: React.SyntheticEvent) {
    event.preventDefault();
    onClose();
  }

  function handleBackdropClick(event: React.MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      onCancel={handleCancel}
      onClick={handleBackdropClick}
    >
      {isOpen && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          <div ref={bodyRef} className="modal__body">
            {children}
          </div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
