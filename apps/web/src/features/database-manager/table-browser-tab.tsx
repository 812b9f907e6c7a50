import { DATABASE_MANAGER_MESSAGES, DATABASE_ROWS_PAGE_SIZE, tableRef, tableRowsQuery } from '@guildhall/contract';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import { useDatabaseSchemas, useDatabaseTables } from '../../api/database-manager';
import { useDownload } from '../../api/use-download';
import { Card } from '../../ui/card';
import { ExportMenu } from '../../ui/export-menu';
import { pageSizeField } from '../../ui/page-size';
import { EmptyHint } from '../../ui/query-state';
import { Spinner } from '../../ui/spinner';
import { useUrlQuery } from '../../ui/use-url-query';
import { ErrorBanner, exportFailedText } from './error-banner';
import { SchemaTables } from './schema-tables';
import { TableDetails } from './table-details';
import { TableRows } from './table-rows';

/**
 * The browser's schema and table as the table calls name them, `?exact=1` for exact row counts, and the open
 * table's row view: its sort, direction and page size (one of the kit's) as the rows call takes them.
 */
const tableBrowserQuery = z.object({
  schema: tableRef.shape.schema,
  table: tableRef.shape.table.optional(),
  exact: z.literal('1').optional(),
  sort: tableRowsQuery.shape.sort,
  direction: tableRowsQuery.shape.direction,
  limit: pageSizeField(DATABASE_ROWS_PAGE_SIZE),
});

/** Schemas, their tables with counts and sizes, then one table's details and rows; schema and table in the URL. */
export function TableBrowserTab() {
  const { query, set: update } = useUrlQuery(tableBrowserQuery);
  const { schema } = query;
  const table = query.table ?? null;
  const isExact = query.exact === '1';
  const schemas = useDatabaseSchemas();
  const tables = useDatabaseTables(schema, isExact);
  const [exportError, setExportError] = useState<string | null>(null);
  const download = useDownload('the export did not finish', { onError: setExportError });
  const detailsRef = useRef<HTMLDivElement>(null);
  // The table just opened from the list: its details are brought into view (they sit below a list of any length).
  const [openedFromList, setOpenedFromList] = useState<string | null>(null);

  useEffect(() => {
    const box = detailsRef.current;
    if (openedFromList === null || openedFromList !== table || !box) return;
    box.scrollIntoView({ block: 'start' });
    box.focus({ preventScroll: true });
    setOpenedFromList(null);
  }, [openedFromList, table]);

  function handleOpen(name: string) {
    // Another table has other columns to sort by; the page size stays.
    update({ table: name, sort: undefined, direction: undefined });
    setOpenedFromList(name);
  }

  function handleExport(format: 'csv' | 'json') {
    if (!table) return;
    setExportError(null);
    download.start({
      path: '/api/admin/database/postgresql/export',
      query: { schema, table, format },
      fallbackFilename: `${schema}.${table}.${format}`,
    });
  }

  return (
    <div className="db-browser">
      {schemas.isError && <ErrorBanner text={DATABASE_MANAGER_MESSAGES.loadSchemasFailed(errorMessage(schemas.error))} />}
      {exportError && <ErrorBanner text={exportFailedText(exportError)} />}
      {tables.isError && <ErrorBanner text={DATABASE_MANAGER_MESSAGES.loadTablesFailed(errorMessage(tables.error))} />}
      <Card
        title="Tables"
        actions={
          <label className="db-inline-field">
            <span>Schema</span>
            <select
              className="input db-select"
              value={schema}
              onChange={(event) =>
                update({ schema: event.target.value, table: undefined, sort: undefined, direction: undefined })
              }
              data-testid="database-schema"
            >
              {(schemas.data?.schemas ?? [{ schema_name: schema }]).map((entry) => (
                <option key={entry.schema_name} value={entry.schema_name}>
                  {entry.schema_name}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {tables.isPending && <Spinner label="Loading tables..." />}
        {tables.data && tables.data.tables.length === 0 && <EmptyHint>This schema has no tables.</EmptyHint>}
        {tables.data && tables.data.tables.length > 0 && (
          <SchemaTables
            schema={schema}
            tables={tables.data.tables}
            openTable={table}
            isBusy={tables.isFetching}
            onOpen={handleOpen}
          />
        )}
        {tables.data?.tables.some((entry) => entry.isEstimate) && !isExact && (
          <button type="button" className="button button--secondary button--small" onClick={() => update({ exact: '1' })}>
            Count rows exactly
          </button>
        )}
      </Card>
      {table && (
        <div ref={detailsRef} tabIndex={-1} className="db-details-anchor db-browser" data-testid="database-open-table">
          <TableDetails
            schema={schema}
            table={table}
            actions={<ExportMenu formats={['csv', 'json']} onExport={handleExport} isRunning={download.isRunning} />}
          />
          <TableRows
            key={`${schema}.${table}`}
            schema={schema}
            table={table}
            view={{ sort: query.sort, direction: query.direction, limit: query.limit }}
            onViewChange={(change) => update(change)}
          />
        </div>
      )}
    </div>
  );
}
