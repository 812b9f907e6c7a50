import type { ColumnDefTemplate } from '@tanstack/react-table';
import type { ReactNode } from 'react';

function Part<Context>({ render, context }: { render: (context: Context) => ReactNode; context: Context }) {
  return <>{render(context)}</>;
}

/**
 * A column's head or cell. TanStack's flexRender mounts a function as a component of its own, so a column list made
 * anew at each render (cells that are inputs, a matrix's role columns) would mount new inputs at every keystroke and
 * lose the focus; here one component stands in each place and calls whichever function the column has now.
 */
export function renderPart<Context extends object>(part: ColumnDefTemplate<Context> | undefined, context: Context): ReactNode {
  if (typeof part === 'function') return <Part render={part as (context: Context) => ReactNode} context={context} />;
  return part ?? null;
}
