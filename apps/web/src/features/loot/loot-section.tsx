import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useId } from 'react';
import { DataTable } from '../../ui/data-table';
import { EmptyHint } from '../../ui/query-state';

interface LootSectionProps<Row> {
  title: string;
  rows: readonly Row[];
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  /** What the section says when it has no rows. */
  emptyText: string;
  testId: string;
  children?: ReactNode;
}

/** A titled panel of the loot pages holding one table, or its hint when there is nothing yet. */
export function LootSection<Row>({ title, rows, columns, getRowId, emptyText, testId, children }: LootSectionProps<Row>) {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <EmptyHint>{emptyText}</EmptyHint>
      ) : (
        <DataTable columns={columns} rows={rows} getRowId={getRowId} label={title} testId={testId} isStacked />
      )}
      {children}
    </section>
  );
}
