import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';
import '../styles/dropdown.css';

interface DropdownProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The trigger's accessible name, where what it shows does not give one. */
  triggerLabel?: string;
  triggerTestId: string;
  isTriggerDisabled?: boolean;
  /** menu: a list of menu items; dialog: a panel with controls of its own. */
  role?: 'menu' | 'dialog';
  panelLabel: string;
  panelClassName: string;
  /** A class beside `dropdown` on the wrapper. */
  className?: string;
  /** The panel's content; `close` shuts the panel, as choosing an item does. */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a panel under it; a click outside or Escape closes the panel. */
export function Dropdown({
  trigger,
  triggerClassName,
  triggerLabel,
  triggerTestId,
  isTriggerDisabled,
  role = 'menu',
  panelLabel,
  panelClassName,
  className,
  children,
}: DropdownProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const handleClose = useCallback(() => setIsOpen(false), []);
  useDismiss(rootRef, isOpen, handleClose);

  return (
    <div className={className ? `dropdown ${className}` : 'dropdown'} ref={rootRef}>
      <button
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup={role}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        disabled={isTriggerDisabled}
        data-testid={triggerTestId}
      >
        {trigger}
      </button>
      {isOpen && (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is menu or dialog, and aria-label names either
        <div id={panelId} className={`dropdown__panel ${panelClassName}`} role={role} aria-label={panelLabel}>
          {children(handleClose)}
        </div>
      )}
    </div>
  );
}
