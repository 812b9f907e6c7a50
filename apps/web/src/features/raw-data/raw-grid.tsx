import type { RawColumn, RawEntity } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Braces } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table';
import type { SortOrder } from '../../ui/sort-header';
import { cellText, isNumberColumn } from './raw-cells';

type Row = Record<string, unknown>;

interface RawGridProps {
  entity: RawEntity;
  rows: readonly Row[];
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  onOpen: (row: Row) => void;
  label: string;
  isBusy: boolean;
}

/** A cell's hover text: a name's id (the guild's uuid under its name), or a long value whole. */
function titleOf(column: RawColumn, row: Row, text: string): string | undefined {
  const id = column.idColumn ? row[column.idColumn] : undefined;
  if (id !== null && id !== undefined) return `${column.idColumn}: ${cellText(id)}`;
  return text.length > 40 ? text : undefined;
}

function Cell({ column, value, row }: { column: RawColumn; value: unknown; row: Row }) {
  const text = cellText(value);
  if (value === null || value === undefined) return <span className="muted">{text}</span>;
  return (
    <span className={`raw-cell${column.type === 'json' ? ' raw-cell--json' : ''}`} title={titleOf(column, row, text)}>
      {text}
    </span>
  );
}

/** A page longer than this renders only the rows in view (a page holds at most 500). */
const VIRTUAL_FROM = 100;
/** Height of a one-line row before it is measured. */
const ROW_ESTIMATE_PX = 45;

/** One page of an entity's rows: headers of sortable columns sort on the server; each row opens its JSON view. */
export function RawGrid({ entity, rows, sort, order, onSort, onOpen, label, isBusy }: RawGridProps) {
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: '__open',
        header: () => <span className="visually-hidden">Row</span>,
        cell: (info) => (
          <button
            type="button"
            className="button button--secondary button--small raw-open"
            onClick={() => onOpen(info.row.original)}
            aria-label={`View row ${info.row.index + 1} as JSON`}
            data-testid="raw-row-open"
          >
            <Braces size={14} aria-hidden="true" />
          </button>
        ),
      },
      ...entity.columns.map<ColumnDef<Row>>((column) => ({
        id: column.name,
        header: column.label,
        accessorFn: (row) => row[column.name],
        cell: (info) => <Cell column={column} value={info.getValue()} row={info.row.original} />,
        meta: { isSortable: column.sortable, className: isNumberColumn(column) ? 'table__number' : undefined },
      })),
    ],
    [entity, onOpen],
  );
  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowId={(_row, index) => String(index)}
      label={label}
      testId="raw-table"
      className="raw-table"
      rowAttributes={() => ({ 'data-testid': 'raw-row' })}
      sort={{ by: sort, order, onSort }}
      virtual={{ estimateSize: ROW_ESTIMATE_PX, from: VIRTUAL_FROM }}
      isBusy={isBusy}
    />
  );
}
