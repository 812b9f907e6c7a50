import type { Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { renderPart } from './column-part';

/** Which way a server-sorted table runs. */
export type SortOrder = 'asc' | 'desc';

interface SortHeaderProps<Row, Sort extends string> {
  header: Header<Row, unknown>;
  sortBy: Sort;
  sortOrder: SortOrder;
  /** Whether the server sorts by this column; otherwise the header is plain text. */
  isSortable: boolean;
  className?: string;
  onSort: (sortBy: Sort, sortOrder: SortOrder) => void;
}

function SortIcon({ state }: { state: SortOrder | null }) {
  if (state === 'asc') return <ArrowUp size={14} aria-hidden="true" />;
  if (state === 'desc') return <ArrowDown size={14} aria-hidden="true" />;
  return <ArrowUpDown size={14} aria-hidden="true" className="sort-button__idle" />;
}

/**
 * A column header of a table the server sorts: a button sorting by its column (ascending first, then flipping),
 * with aria-sort on the sorted column. The column's id is the server's sort name.
 */
export function SortHeader<Row, Sort extends string>({
  header,
  sortBy,
  sortOrder,
  isSortable,
  className,
  onSort,
}: SortHeaderProps<Row, Sort>) {
  const isSorted = header.column.id === sortBy;
  const label = renderPart(header.column.columnDef.header, header.getContext());
  return (
    <th scope="col" className={className} aria-sort={isSorted ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
      {isSortable ? (
        <button
          type="button"
          className="sort-button"
          onClick={() => onSort(header.column.id as Sort, isSorted && sortOrder === 'asc' ? 'desc' : 'asc')}
        >
          {label}
          <SortIcon state={isSorted ? sortOrder : null} />
        </button>
      ) : (
        label
      )}
    </th>
  );
}
