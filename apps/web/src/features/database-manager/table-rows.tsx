import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useTableDetails, useTableRows } from '../../api/database-manager';
import { Card } from '../../ui/card';
import { StepPagination } from '../../ui/pagination';
import { EmptyHint } from '../../ui/query-state';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner } from './error-banner';
import { ResultGrid } from './result-grid';

/** How the row view reads a table, as the screen's URL holds it. */
interface RowsView {
  sort?: string;
  direction: 'asc' | 'desc';
  /** Rows a page, one of the kit's page sizes. */
  limit: number;
}

interface TableRowsProps {
  schema: string;
  table: string;
  view: RowsView;
  onViewChange: (change: Partial<RowsView>) => void;
}

/**
 * A table's rows, a page at a time by keyset (the kit's page sizes, 50 unless chosen): Next follows the server's
 * cursor, Previous goes back along the cursors already seen. The sort is any indexed column (first column of an
 * index), the primary key by default. Sort, direction and page size live in the URL.
 */
export function TableRows({ schema, table, view, onViewChange }: TableRowsProps) {
  const { sort, direction, limit } = view;
  const details = useTableDetails(schema, table);
  // cursors[i] is the cursor that opens page i + 1; page 1 has none. Another sort or page size starts over.
  const viewKey = JSON.stringify([sort, direction, limit]);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: viewKey, cursors: [undefined] });
  const cursors = paging.key === viewKey ? paging.cursors : [undefined];
  const setCursors = (next: (string | undefined)[]) => setPaging({ key: viewKey, cursors: next });
  const page = cursors.length;
  const rows = useTableRows({ schema, table, sort, direction, limit, after: cursors[page - 1] });
  const sortable = [...new Set(details.data?.table.indexes.map((index) => index.columns[0]).filter(Boolean) as string[])];
  const data = rows.data?.page;

  function handleSort(next: string, nextDirection: 'asc' | 'desc') {
    onViewChange({ sort: next || undefined, direction: nextDirection });
  }

  // The table's details failed (an unknown table, say): their banner says so once, for both cards.
  if (details.isError) return null;

  return (
    <Card
      title="Rows"
      className="db-rows"
      actions={
        <div className="db-row-controls">
          <label className="db-inline-field">
            <span>Sort by</span>
            <select
              className="input db-select"
              value={sort ?? ''}
              onChange={(event) => handleSort(event.target.value, direction)}
              data-testid="database-rows-sort"
            >
              <option value="">{data?.sort ? `Default (${data.sort})` : 'Default'}</option>
              {sortable.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </label>
          <label className="db-inline-field">
            <span>Order</span>
            <select
              className="input db-select"
              value={direction}
              onChange={(event) => handleSort(sort ?? '', event.target.value === 'desc' ? 'desc' : 'asc')}
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
          </label>
        </div>
      }
    >
      {rows.isError && <ErrorBanner text={DATABASE_MANAGER_MESSAGES.loadTableDetailsFailed(errorMessage(rows.error))} />}
      {data?.note && <p className="alert alert--warning">{data.note}</p>}
      {rows.isPending && !rows.isError && <Spinner label="Loading rows..." />}
      {data && data.rows.length === 0 && <EmptyHint>No rows.</EmptyHint>}
      {data && data.rows.length > 0 && (
        <ResultGrid
          fields={data.columns}
          rows={data.rows}
          label={`Rows of ${table}, page ${page}`}
          testId="database-rows"
          isBusy={rows.isFetching}
          rowOffset={(page - 1) * limit}
          rowsOf={`of ${schema}.${table}`}
        />
      )}
      <StepPagination
        page={page}
        hasPrevious={page > 1}
        hasNext={Boolean(data?.nextCursor)}
        isBusy={rows.isFetching}
        onPrevious={() => setCursors(cursors.slice(0, -1))}
        onNext={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}
        label="Row pages"
        testId="database-rows-page"
        pageSize={limit}
        onPageSizeChange={(size) => onViewChange({ limit: size })}
      >
        Page {page} · {limit} a page
      </StepPagination>
    </Card>
  );
}
