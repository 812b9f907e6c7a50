import type { ReactNode } from 'react';

interface FactsProps {
  children: ReactNode;
  className?: string;
}

/** A list of facts about one thing (`Fact`s): each term over its value. */
export function Facts({ children, className }: FactsProps) {
  return <dl className={className ? `facts ${className}` : 'facts'}>{children}</dl>;
}

interface FactProps {
  term: ReactNode;
  children: ReactNode;
  /** The value's test id. */
  testId?: string;
  /** The value's class. */
  className?: string;
}

/** One fact of a `Facts` list. */
export function Fact({ term, children, testId, className }: FactProps) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
