import type { ReactNode } from 'react';
import '../styles/section-panel.css';

interface SectionPanelProps {
  /** Ties the heading to the section (`aria-labelledby`). */
  titleId: string;
  title: ReactNode;
  /** Beside the title in the header row: a count, mode toggles. */
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A section of a screen with a header row (its heading and what stands beside it), then its content. */
export function SectionPanel({ titleId, title, aside, className, testId, children }: SectionPanelProps) {
  return (
    <section className={['section-panel', className].filter(Boolean).join(' ')} aria-labelledby={titleId} data-testid={testId}>
      <header className="section-panel__header">
        <h2 id={titleId} className="section-panel__title">
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}
