import type { ColumnDef } from '@tanstack/react-table';
import type { useDatabaseTables } from '../../api/database-manager';
import { Badge } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { formatBytes } from '../../ui/format-number';
import { RELATION_KIND_LABELS, rowCountText } from './table-details';

type TableEntry = NonNullable<ReturnType<typeof useDatabaseTables>['data']>['tables'][number];

/** The tables of a schema: each name opens the table (the open one marked), its row count and size. */
function tableColumns(openTable: string | null, onOpen: (name: string) => void): ColumnDef<TableEntry>[] {
  return [
    {
      id: 'table',
      header: 'Table',
      cell: ({ row: { original: entry } }) => (
        <>
          <button
            type="button"
            className="db-link"
            aria-current={entry.name === openTable ? 'true' : undefined}
            onClick={() => onOpen(entry.name)}
          >
            {entry.name}
          </button>
          {RELATION_KIND_LABELS[entry.kind] && (
            <Badge tone="neutral" className="db-kind">
              {RELATION_KIND_LABELS[entry.kind]}
            </Badge>
          )}
        </>
      ),
    },
    {
      id: 'rows',
      header: 'Rows',
      meta: { className: 'table__number' },
      cell: ({ row: { original: entry } }) => (
        <>
          {rowCountText(entry.rowCount, entry.isEstimate)}
          {entry.isEstimate && <span className="db-muted"> (estimate)</span>}
        </>
      ),
    },
    {
      id: 'totalSize',
      header: 'Total size',
      meta: { className: 'table__number' },
      cell: ({ row }) => formatBytes(row.original.sizes.totalBytes),
    },
  ];
}

interface SchemaTablesProps {
  schema: string;
  tables: TableEntry[];
  /** The table open below the list, if any. */
  openTable: string | null;
  isBusy: boolean;
  onOpen: (name: string) => void;
}

export function SchemaTables({ schema, tables, openTable, isBusy, onOpen }: SchemaTablesProps) {
  return (
    <DataTable
      columns={tableColumns(openTable, onOpen)}
      rows={tables}
      getRowId={(entry) => entry.name}
      label={`Tables of ${schema}`}
      testId="database-tables"
      className="db-table"
      rowAttributes={(entry) => ({ className: entry.name === openTable ? 'table__row--selected' : undefined })}
      isBusy={isBusy}
    />
  );
}
