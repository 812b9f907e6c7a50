import { type ReactNode, type RefObject, useRef } from 'react';
import { useScrollFocus } from './use-scroll-focus';

interface TableScrollProps {
  /** Names the box for assistive technology: what the table lists. */
  label: string;
  isBusy?: boolean;
  className?: string;
  /** The box itself, for a caller that follows its scrolling (a virtualised body). */
  scrollRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** The box a wide table scrolls sideways in, so the page does not; a named region, focusable while it scrolls. */
export function TableScroll({ label, isBusy, className, scrollRef, children }: TableScrollProps) {
  const ownRef = useRef<HTMLElement>(null);
  const ref = scrollRef ?? ownRef;
  useScrollFocus(ref);
  return (
    <section ref={ref} className={className ? `table-wrap ${className}` : 'table-wrap'} aria-label={label} aria-busy={isBusy}>
      {children}
    </section>
  );
}
