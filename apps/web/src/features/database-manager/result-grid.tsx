import type { QueryField } from '@guildhall/contract';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { TableScroll } from '../../ui/table-scroll';
import { CellValue } from './cell-value';

type Row = Record<string, unknown>;

/** A query's rows in a TanStack Table grid, each head with its column's type. */
export function ResultGrid({ fields, rows }: { fields: readonly QueryField[]; rows: readonly Row[] }) {
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
        accessorFn: (row) => row[field.name],
        cell: (info) => <CellValue value={info.getValue()} type={field.type} />,
      })),
    [fields],
  );
  const table = useReactTable({ data: rows as Row[], columns, getCoreRowModel: getCoreRowModel() });
  return (
    <TableScroll label="Query result">
      <table className="table db-table db-grid" data-testid="query-result-grid">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
