import type { ReactNode } from 'react';
import { Card } from './card';
import { QueryState, type QueryStateProps } from './query-state';

interface QueryCardProps<T> extends Omit<QueryStateProps<T>, 'variant' | 'colSpan'> {
  title: ReactNode;
  /** Shown at the right of the title row (a count, a window). */
  actions?: ReactNode;
  className?: string;
  /** The card's test id, and its query's faces: `{testId}-loading`, `{testId}-error`, `{testId}-empty`. */
  testId?: string;
  /** More under the query's faces, in the card (a modal it opens). */
  footer?: ReactNode;
}

/** A titled card that shows one query: its loading, error and empty faces, else its data. */
export function QueryCard<T>({ title, actions, className, testId, footer, ...state }: QueryCardProps<T>) {
  return (
    <Card title={title} actions={actions} className={className} data-testid={testId}>
      <QueryState<T> testId={testId} {...state} />
      {footer}
    </Card>
  );
}
