import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table';
import { CellValue } from './cell-value';

/** A row as the server sends it: by field name (query results) or in column order (the row view). */
type Row = Readonly<Record<string, unknown>> | readonly unknown[];

/** Height of a one-line row before it is measured; rows with json or expanded text measure taller. */
const ROW_ESTIMATE_PX = 45;

interface ResultGridProps {
  fields: readonly { name: string; type: string }[];
  rows: readonly Row[];
  /** Names the scrolling box: what the rows are. */
  label: string;
  testId: string;
  isBusy?: boolean;
}

/**
 * Rows of a query or a table, each head with its column's type. Only the rows in view (and a margin) are in the
 * DOM, so thousands of rows scroll smoothly, in a box of its own height whose header stays on top.
 */
export function ResultGrid({ fields, rows, label, testId, isBusy }: ResultGridProps) {
  const columns = useMemo<ColumnDef<Row>[]>(
    () =>
      fields.map((field, index) => ({
        id: `${index}:${field.name}`,
        header: () => (
          <>
            {field.name}
            <span className="db-type">{field.type}</span>
          </>
        ),
        accessorFn: (row) => (Array.isArray(row) ? row[index] : (row as Record<string, unknown>)[field.name]),
        cell: (info) => <CellValue value={info.getValue()} type={field.type} />,
      })),
    [fields],
  );
  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowId={(_row, index) => String(index)}
      label={label}
      testId={testId}
      className="db-table db-grid"
      virtual={{ estimateSize: ROW_ESTIMATE_PX }}
      isBusy={isBusy}
    />
  );
}
