import { DATABASE_MANAGER_MESSAGES, type DatabaseRelationKind } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/api-error';
import { useTableDetails } from '../../api/database-manager';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatBytes } from '../../ui/format-number';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner } from './error-banner';

const CONSTRAINT_LABELS = {
  primary_key: 'PRIMARY KEY',
  unique: 'UNIQUE',
  check: 'CHECK',
  foreign_key: 'FOREIGN KEY',
  exclusion: 'EXCLUDE',
  other: 'OTHER',
} as const;

type TableColumn = NonNullable<ReturnType<typeof useTableDetails>['data']>['table']['columns'][number];

const mono = { cellClassName: 'db-mono' };

/** The columns of the table, each a row: name, type, nullable, default. */
const COLUMN_COLUMNS: ColumnDef<TableColumn>[] = [
  { id: 'name', header: 'Name', meta: mono, cell: ({ row }) => row.original.name },
  { id: 'type', header: 'Type', meta: mono, cell: ({ row }) => row.original.type },
  { id: 'nullable', header: 'Nullable', cell: ({ row }) => (row.original.isNullable ? 'Yes' : 'No') },
  { id: 'default', header: 'Default', meta: mono, cell: ({ row }) => row.original.default ?? '' },
];

/** How the table list names a relation that is not an ordinary table. */
export const RELATION_KIND_LABELS: Record<DatabaseRelationKind, string | null> = {
  table: null,
  'partitioned table': 'Partitioned',
  view: 'View',
  'materialized view': 'Materialised view',
};

/**
 * A row count as the table list shows it: '≈ 12,345' for the planner's estimate, '—' when not counted (a view,
 * which has no estimate short of running it, until the rows are counted exactly).
 */
export function rowCountText(rowCount: number | null, isEstimate: boolean): string {
  if (rowCount === null) return '—';
  return isEstimate ? `≈ ${rowCount.toLocaleString()}` : rowCount.toLocaleString();
}

/** One table's rows and sizes, columns, indexes (UNIQUE and PRIMARY tagged), constraints and foreign keys. */
export function TableDetails({ schema, table, actions }: { schema: string; table: string; actions: ReactNode }) {
  const details = useTableDetails(schema, table);
  if (details.isError) {
    return <ErrorBanner text={DATABASE_MANAGER_MESSAGES.loadTableDetailsFailed(errorMessage(details.error))} />;
  }
  const info = details.data?.table;
  return (
    <Card title={`${schema}.${table}`} actions={actions} data-testid="database-details">
      {!info && <Spinner label="Loading table details..." />}
      {info && (
        <>
          <dl className="db-facts">
            <div>
              <dt>Rows</dt>
              <dd>
                {rowCountText(info.rowCount, info.isEstimate)}
                {info.isEstimate && ' (estimate)'}
              </dd>
            </div>
            <div>
              <dt>Total size</dt>
              <dd>{formatBytes(info.sizes.totalBytes)}</dd>
            </div>
            <div>
              <dt>Table size</dt>
              <dd>{formatBytes(info.sizes.tableBytes)}</dd>
            </div>
            <div>
              <dt>Index size</dt>
              <dd>{formatBytes(info.sizes.indexBytes)}</dd>
            </div>
          </dl>
          {info.definition && (
            <>
              <h3 className="db-subtitle">{RELATION_KIND_LABELS[info.kind] ?? 'Relation'} definition</h3>
              <pre className="db-code db-code--block" data-testid="database-definition">
                {info.definition}
              </pre>
            </>
          )}
          <h3 className="db-subtitle">Columns</h3>
          <DataTable
            columns={COLUMN_COLUMNS}
            rows={info.columns}
            getRowId={(column) => column.name}
            label={`Columns of ${table}`}
            className="db-table"
          />
          <h3 className="db-subtitle">Indexes</h3>
          <ul className="db-list" data-testid="database-indexes">
            {info.indexes.length === 0 && <li className="db-muted">No indexes.</li>}
            {info.indexes.map((index) => (
              <li key={index.name}>
                <span className="db-mono">{index.name}</span>
                {index.isPrimary && <Badge tone="brand">PRIMARY</Badge>}
                {index.isUnique && <Badge tone="good">UNIQUE</Badge>}
                <span className="db-muted">{formatBytes(index.sizeBytes)}</span>
                <code className="db-code">{index.definition}</code>
              </li>
            ))}
          </ul>
          <h3 className="db-subtitle">Constraints</h3>
          <ul className="db-list">
            {info.constraints.length === 0 && <li className="db-muted">No constraints.</li>}
            {info.constraints.map((constraint) => (
              <li key={constraint.name}>
                <span className="db-mono">{constraint.name}</span>
                <Badge>{CONSTRAINT_LABELS[constraint.type]}</Badge>
                <code className="db-code">{constraint.definition}</code>
              </li>
            ))}
          </ul>
          <h3 className="db-subtitle">Foreign keys</h3>
          <ul className="db-list">
            {info.foreignKeys.length === 0 && <li className="db-muted">No foreign keys.</li>}
            {info.foreignKeys.map((key) => (
              <li key={key.name}>
                <span className="db-mono">{key.name}</span>
                <code className="db-code">
                  ({key.columns.join(', ')}) → {key.referencedSchema}.{key.referencedTable} ({key.referencedColumns.join(', ')})
                </code>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
