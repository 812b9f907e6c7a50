import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../ui/data-table';
import { CellPreview } from './cell-value';
import { ColumnResizer } from './column-resizer';
import { COLUMN_MAX_PX, COLUMN_MIN_PX, columnWidth } from './column-widths';
import { RowDetail } from './row-detail';

/** A row as the server sends it: by field name (query results) or in column order (the row view). */
type Row = Readonly<Record<string, unknown>> | readonly unknown[];

/** Height of a row: every cell is one line, its whole value in the row's detail. */
const ROW_ESTIMATE_PX = 45;

/** The row-number column that opens a row's detail. */
const NUMBER_COLUMN_PX = 64;

interface ResultGridProps {
  fields: readonly { name: string; type: string }[];
  rows: readonly Row[];
  /** Names the scrolling box: what the rows are. */
  label: string;
  testId: string;
  isBusy?: boolean;
  /** Rows before this page's first, so row numbers run on across pages. */
  rowOffset?: number;
  /** What a row's detail is titled after its number: 'of guilds'. */
  rowsOf: string;
}

const cellOf = (row: Row, index: number, name: string) =>
  Array.isArray(row) ? row[index] : (row as Record<string, unknown>)[name];

/**
 * Rows of a query or a table, each head with its column's type. Each column starts at a width that suits its type
 * and can be resized from its head's edge; every value is one line, and a row's number opens the row whole. Only the
 * rows in view (and a margin) are in the DOM, so thousands of rows scroll smoothly, in a box of its own height whose
 * header stays on top.
 */
export function ResultGrid({ fields, rows, label, testId, isBusy, rowOffset = 0, rowsOf }: ResultGridProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: 'row-number',
        header: '#',
        size: NUMBER_COLUMN_PX,
        enableResizing: false,
        meta: { className: 'db-grid__number' },
        cell: ({ row }) => (
          <button
            type="button"
            className="db-row-open"
            aria-label={`Show row ${rowOffset + row.index + 1} whole`}
            onClick={() => setOpenIndex(row.index)}
          >
            {rowOffset + row.index + 1}
          </button>
        ),
      },
      ...fields.map<ColumnDef<Row>>((field, index) => ({
        id: `${index}:${field.name}`,
        size: columnWidth(field),
        minSize: COLUMN_MIN_PX,
        maxSize: COLUMN_MAX_PX,
        header: ({ header }) => (
          <>
            <span className="db-grid__head" title={`${field.name} (${field.type})`}>
              {field.name}
              <span className="db-type">{field.type}</span>
            </span>
            <ColumnResizer header={header} name={field.name} />
          </>
        ),
        accessorFn: (row) => cellOf(row, index, field.name),
        cell: (info) => <CellPreview value={info.getValue()} type={field.type} />,
      })),
    ],
    [fields, rowOffset],
  );
  const openRow = openIndex === null ? undefined : rows[openIndex];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(_row, index) => String(index)}
        label={label}
        testId={testId}
        className="db-table db-grid"
        virtual={{ estimateSize: ROW_ESTIMATE_PX }}
        isBusy={isBusy}
        isResizable
      />
      <RowDetail
        title={openIndex === null ? '' : `Row ${rowOffset + openIndex + 1} ${rowsOf}`}
        fields={fields}
        values={openRow === undefined ? null : fields.map((field, index) => cellOf(openRow, index, field.name))}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
