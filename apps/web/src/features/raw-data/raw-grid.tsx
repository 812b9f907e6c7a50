import type { RawColumn, RawEntity } from '@guildhall/contract';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Braces } from 'lucide-react';
import { useMemo } from 'react';
import { SortHeader, type SortOrder } from '../../ui/sort-header';
import { TableScroll } from '../../ui/table-scroll';
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

function Cell({ column, value }: { column: RawColumn; value: unknown }) {
  const text = cellText(value);
  if (value === null || value === undefined) return <span className="muted">{text}</span>;
  return (
    <span className={`raw-cell${column.type === 'json' ? ' raw-cell--json' : ''}`} title={text.length > 40 ? text : undefined}>
      {text}
    </span>
  );
}

/**
 * One page of an entity's rows in a TanStack Table (a page holds at most 500 rows, so every row is rendered): headers
 * of sortable columns sort on the server; each row opens its JSON view.
 */
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
        cell: (info) => <Cell column={column} value={info.getValue()} />,
      })),
    ],
    [entity, onOpen],
  );
  const table = useReactTable({ data: rows as Row[], columns, getCoreRowModel: getCoreRowModel() });
  const byName = new Map(entity.columns.map((column) => [column.name, column]));
  return (
    <TableScroll label={label} isBusy={isBusy}>
      <table className="table raw-table" data-testid="raw-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byName.get(header.column.id);
                return (
                  <SortHeader
                    key={header.id}
                    header={header}
                    sortBy={sort}
                    sortOrder={order}
                    isSortable={Boolean(column?.sortable)}
                    className={column && isNumberColumn(column) ? 'table__number' : undefined}
                    onSort={onSort}
                  />
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="raw-row">
              {row.getVisibleCells().map((cell) => {
                const column = byName.get(cell.column.id);
                return (
                  <td key={cell.id} className={column && isNumberColumn(column) ? 'table__number' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
