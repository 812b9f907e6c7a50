import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The drawer's controls a user can reach now (a control hidden at this width is left out). */
function focusables(drawer: HTMLElement): HTMLElement[] {
  return Array.from(drawer.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.checkVisibility());
}

/**
 * Focus in a drawer open over the page, as in a modal dialog: on opening it moves to the drawer's first control,
 * Tab and Shift+Tab go round the drawer's controls, and Escape closes it. The page behind is made inert by its owner.
 */
export function useDrawerFocus(drawerRef: RefObject<HTMLElement | null>, isOpen: boolean, onClose: () => void) {
  useEffect(() => {
    if (isOpen && drawerRef.current) focusables(drawerRef.current)[0]?.focus();
  }, [drawerRef, isOpen]);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!isOpen || !drawer) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const controls = focusables(drawer);
      const first = controls[0];
      const last = controls.at(-1);
      const active = document.activeElement;
      const isInside = active instanceof HTMLElement && drawer.contains(active);
      if (event.shiftKey && (active === first || !isInside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !isInside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [drawerRef, isOpen, onClose]);
}
