import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { csvText } from '../../ui/csv';
import { DataTable } from '../../ui/data-table';
import { ExportMenu, useChartExport } from '../../ui/export-menu';
import { formatCompact, formatShare } from '../../ui/format-number';
import { shareText } from './figures';

/** One column of a figure table: its heading, its cell, and its CSV value. */
export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => string | number;
  numeric?: boolean;
}

/** A column of text, the same words in the CSV ('' where there is none, a dash in the cell). */
function textColumn<Row>(header: string, text: (row: Row) => string | null): FigureColumn<Row> {
  return { header, cell: (row) => text(row) ?? '–', csv: (row) => text(row) ?? '' };
}

/** A column of counts: compact in the cell ('1.2k'), the whole number in the CSV. */
function countColumn<Row>(header: string, count: (row: Row) => number): FigureColumn<Row> {
  return { header, cell: (row) => formatCompact(count(row)), csv: count, numeric: true };
}

/** A column of a part of a whole, as a share ('12.5%') and with four decimals in the CSV; a dash while nothing is whole. */
function shareColumn<Row>(header: string, part: (row: Row) => number, whole: number): FigureColumn<Row> {
  return {
    header,
    cell: (row) => (whole ? formatShare(part(row) / whole) : '–'),
    csv: (row) => (whole ? (part(row) / whole).toFixed(4) : ''),
    numeric: true,
  };
}

/** A share drawn as a bar beside its number, for reading a column at a glance. */
function ShareBar({ value, tone }: { value: number | null; tone: string }) {
  return (
    <span className="analytics-bar">
      <span className="analytics-bar__track" aria-hidden="true">
        <span className={`analytics-bar__fill analytics-bar__fill--${tone}`} style={{ width: `${(value ?? 0) * 100}%` }} />
      </span>
      <span className="analytics-bar__value">{shareText(value)}</span>
    </span>
  );
}

/** A column of shares already computed, as bars of a tone ('attendance', 'loot'); four decimals in the CSV. */
function barColumn<Row>(header: string, value: (row: Row) => number | null, tone: string): FigureColumn<Row> {
  return {
    header,
    cell: (row) => <ShareBar value={value(row)} tone={tone} />,
    csv: (row) => value(row)?.toFixed(4) ?? '',
  };
}

/** The column makers a figure table hands its `columns`, typed by its rows. */
const COLUMN_MAKERS = { text: textColumn, count: countColumn, share: shareColumn, bar: barColumn };
export interface FigureColumnMakers<Row> {
  text: (header: string, text: (row: Row) => string | null) => FigureColumn<Row>;
  count: (header: string, count: (row: Row) => number) => FigureColumn<Row>;
  share: (header: string, part: (row: Row) => number, whole: number) => FigureColumn<Row>;
  bar: (header: string, value: (row: Row) => number | null, tone: string) => FigureColumn<Row>;
}

/** A figure that is not over time (a breakdown), as a table with a CSV export of the same numbers. */
export function FigureTable<Row>({
  title,
  rows,
  columns: makeColumns,
  rowKey,
  empty,
  testId,
}: {
  title: string;
  rows: readonly Row[];
  /** The columns, made with the makers given (text, count, share) or written out. */
  columns: (make: FigureColumnMakers<Row>) => readonly FigureColumn<Row>[];
  /** Names a row; by default the CSV value of its first column (a breakdown's label). */
  rowKey?: (row: Row) => string;
  empty: string;
  testId?: string;
}) {
  const columns = makeColumns(COLUMN_MAKERS as FigureColumnMakers<Row>);
  const getRowId = rowKey ?? ((row: Row) => String(columns[0]?.csv(row)));
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
        <DataTable columns={tableColumns} rows={rows} getRowId={getRowId} label={title} />
      )}
    </figure>
  );
}
