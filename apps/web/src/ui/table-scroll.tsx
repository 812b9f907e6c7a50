import { type ReactNode, useRef } from 'react';
import { useScrollFocus } from './use-scroll-focus';

interface TableScrollProps {
  /** Names the box for assistive technology: what the table lists. */
  label: string;
  isBusy?: boolean;
  children: ReactNode;
}

/** The box a wide table scrolls sideways in, so the page does not; a named region, focusable while it scrolls. */
export function TableScroll({ label, isBusy, children }: TableScrollProps) {
  const ref = useRef<HTMLElement>(null);
  useScrollFocus(ref);
  return (
    <section ref={ref} className="table-wrap" aria-label={label} aria-busy={isBusy}>
      {children}
    </section>
  );
}
