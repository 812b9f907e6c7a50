import type { Header, RowData } from '@tanstack/react-table';
import { useEffect, useRef } from 'react';
import { renderPart } from './column-part';
import { SortHeader, type SortOrder } from './sort-header';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's head and cells: 'table__number', 'table__actions'. */
    className?: string;
    /** Classes of the cells alone: 'table__strong' for a row's name, or by row ('role-matrix__cell--changed'). */
    cellClassName?: string | ((row: TData) => string | undefined);
    /** Classes of the head cell alone. */
    headClassName?: string;
    /** The head cell's test id, for a column a journey finds (a role's column of the permission matrix). */
    headTestId?: string;
    /** The column names each row (a `<th scope="row">`), as a row's first cell often does. */
    isRowHeader?: boolean;
    /** Whether the server sorts by this column; the column's id is the server's sort name. */
    isSortable?: boolean;
  }
}

/** The sort a screen keeps in its URL: the server sorts, the table only asks for another order. */
export interface DataTableSort<Sort extends string = string> {
  by: Sort;
  order: SortOrder;
  onSort: (by: Sort, order: SortOrder) => void;
}

/** A column's head: a sort button where the server sorts by it, else its text. */
export function HeadCell<Row, Sort extends string>({
  header,
  sort,
}: {
  header: Header<Row, unknown>;
  sort?: DataTableSort<Sort>;
}) {
  const meta = header.column.columnDef.meta;
  const className = [meta?.className, meta?.headClassName].filter(Boolean).join(' ') || undefined;
  if (sort && meta?.isSortable) {
    return (
      <SortHeader header={header} sortBy={sort.by} sortOrder={sort.order} isSortable className={className} onSort={sort.onSort} />
    );
  }
  return (
    <th scope="col" className={className} data-testid={meta?.headTestId}>
      {header.isPlaceholder ? null : renderPart(header.column.columnDef.header, header.getContext())}
    </th>
  );
}

/** The column's text head, repeated in each cell of a stacked row (phone width), where the head row is hidden. */
export function stackedLabel<Row>(header: Header<Row, unknown>['column']['columnDef']['header']): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

interface PageCheckboxProps {
  /** How many rows of this page are selected, of `total`. */
  count: number;
  total: number;
  label: string;
  onChange: (isSelected: boolean) => void;
}

/** Selects or clears every row of the page; half-ticked while only some are selected. */
export function PageCheckbox({ count, total, label, onChange }: PageCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const isAll = total > 0 && count === total;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !isAll;
  }, [count, isAll]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={isAll}
      disabled={total === 0}
      onChange={() => onChange(!isAll)}
    />
  );
}

/** An empty row as tall as the rows it stands for; hidden from assistive technology, which counts by aria-rowcount. */
export function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with an empty cell holds nothing to focus
    <tr className="data-table__spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
