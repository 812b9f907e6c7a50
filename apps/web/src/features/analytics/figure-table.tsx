import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { csvText } from '../../ui/csv';
import { DataTable } from '../../ui/data-table';
import { ExportMenu, useChartExport } from '../../ui/export-menu';

/** One column of a figure table: its heading, its cell, and its CSV value. */
export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => string | number;
  numeric?: boolean;
}

/** A figure that is not over time (a breakdown), as a table with a CSV export of the same numbers. */
export function FigureTable<Row>({
  title,
  rows,
  columns,
  rowKey,
  empty,
  testId,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  testId?: string;
}) {
  const tableColumns = useMemo(
    () =>
      columns.map<ColumnDef<Row>>((column) => ({
        id: column.header,
        header: column.header,
        meta: { className: column.numeric ? 'table__number' : undefined },
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const handleExport = useChartExport(title, {
    csv: () => csvText([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.csv(row)))]),
    png: () => null,
  });
  return (
    <figure className="analytics-figure" data-testid={testId}>
      <figcaption className="analytics-figure__header">
        <span className="chart__title">{title}</span>
        <ExportMenu formats={['csv']} onExport={(format) => void handleExport(format)} isDisabled={rows.length === 0} />
      </figcaption>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <DataTable columns={tableColumns} rows={rows} getRowId={rowKey} label={title} />
      )}
    </figure>
  );
}
