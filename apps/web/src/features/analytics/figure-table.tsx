import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { chartFileName } from '../../ui/charts/time-series';
import { DataTable } from '../../ui/data-table';
import { saveBlob } from '../../ui/save-blob';
import { useToast } from '../../ui/toast-context';

/** One column of a figure table: its heading, its cell, and its CSV value. */
export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => string | number;
  numeric?: boolean;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

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
  const toast = useToast();
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
  function exportCsv() {
    try {
      const lines = [columns.map((column) => csvCell(column.header)).join(',')];
      for (const row of rows) lines.push(columns.map((column) => csvCell(column.csv(row))).join(','));
      saveBlob(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), chartFileName(title, 'csv'));
    } catch {
      toast.error('Failed to export data. Please try again.');
    }
  }
  return (
    <figure className="analytics-figure" data-testid={testId}>
      <figcaption className="analytics-figure__header">
        <span className="chart__title">{title}</span>
        <button type="button" className="button button--secondary button--small" onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </button>
      </figcaption>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <DataTable columns={tableColumns} rows={rows} getRowId={rowKey} label={title} />
      )}
    </figure>
  );
}
