import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useScrollFocus } from '../../ui/use-scroll-focus';
import { CellValue } from './cell-value';

/** A row as the server sends it: by field name (query results) or in column order (the row view). */
type Row = Readonly<Record<string, unknown>> | readonly unknown[];

/** Height of a one-line row before it is measured; rows with json or expanded text measure taller. */
const ROW_ESTIMATE_PX = 45;
/** Rows rendered beyond each edge of the box, so a fast scroll does not show blank space. */
const OVERSCAN = 10;

interface ResultGridProps {
  fields: readonly { name: string; type: string }[];
  rows: readonly Row[];
  /** Names the scrolling box: what the rows are. */
  label: string;
  testId: string;
  isBusy?: boolean;
}

/**
 * Rows in a TanStack Table grid, each head with its column's type. Only the rows in view (and a margin) are in
 * the DOM, by TanStack Virtual, so thousands of rows scroll smoothly; the table keeps its semantics: a real
 * <table> with aria-rowcount and each row's aria-rowindex, a header that stays on top, a box that scrolls by
 * keyboard once it overflows.
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
  const table = useReactTable({ data: rows as Row[], columns, getCoreRowModel: getCoreRowModel() });
  const boxRef = useRef<HTMLElement>(null);
  useScrollFocus(boxRef);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => boxRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
  });
  // While the box scrolls (a keyboard End or Page Down scrolls smoothly), a row measured taller than its estimate
  // must not move scrollTop: that would stop the smooth scroll halfway.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    !instance.isScrolling && item.end <= (instance.scrollOffset ?? 0);
  const items = virtualizer.getVirtualItems();
  // Space for the rows not rendered, above and below the ones that are, so the scrollbar tells the whole length.
  const spaceAbove = items[0]?.start ?? 0;
  const spaceBelow = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = Math.max(1, fields.length);

  return (
    <section ref={boxRef} className="table-wrap db-grid-box" aria-label={label} aria-busy={isBusy}>
      <table className="table db-table db-grid" data-testid={testId} aria-rowcount={tableRows.length + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {spaceAbove > 0 && <Spacer height={spaceAbove} columns={columnCount} />}
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            );
          })}
          {spaceBelow > 0 && <Spacer height={spaceBelow} columns={columnCount} />}
        </tbody>
      </table>
    </section>
  );
}

/** An empty row as tall as the rows it stands for; hidden from assistive technology, which counts by aria-rowcount. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with an empty cell holds nothing to focus
    <tr className="db-grid__spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
