import type { ColumnDef } from '@tanstack/react-table';
import { errorMessage } from '../../api/api-error';
import { useDatabaseMigrations } from '../../api/database-manager';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner } from './error-banner';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  applied: { label: 'Applied', tone: 'good' },
  pending: { label: 'Pending', tone: 'warn' },
  missing_file: { label: 'File missing', tone: 'bad' },
};

type Migration = NonNullable<ReturnType<typeof useDatabaseMigrations>['data']>['migrations'][number];

const COLUMNS: ColumnDef<Migration>[] = [
  { id: 'name', header: 'Name', meta: { cellClassName: 'db-mono' }, cell: ({ row }) => row.original.name },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: migration } }) => (
      <Badge tone={STATUS[migration.status]?.tone ?? 'neutral'}>{STATUS[migration.status]?.label ?? migration.status}</Badge>
    ),
  },
  {
    id: 'checksum',
    header: 'Checksum',
    meta: { cellClassName: 'db-mono' },
    cell: ({ row: { original: migration } }) =>
      migration.checksum ? <span title={migration.checksum}>{migration.checksum.slice(0, 16)}</span> : '—',
  },
  {
    id: 'appliedAt',
    header: 'Applied at',
    cell: ({ row: { original: migration } }) =>
      migration.appliedAt ? <time dateTime={migration.appliedAt}>{migration.appliedAt}</time> : '—',
  },
];

/** The project's migrations: applied ones with checksum and time, files not yet applied, applied names without a file. */
export function MigrationsTab() {
  const migrations = useDatabaseMigrations();
  const list = migrations.data?.migrations ?? [];
  const pending = list.filter((migration) => migration.status === 'pending').length;
  return (
    <Card title="Migrations" data-testid="database-migrations">
      {migrations.isError && <ErrorBanner text={`Failed to load migrations: ${errorMessage(migrations.error)}`} />}
      {migrations.isPending && <Spinner label="Loading migrations..." />}
      {migrations.data && (
        <>
          <p className="db-muted">
            {list.length} migrations, {pending === 0 ? 'none pending' : `${pending} pending`}.
          </p>
          <DataTable
            columns={COLUMNS}
            rows={list}
            getRowId={(migration) => migration.name}
            label="Migrations"
            className="db-table"
            rowAttributes={() => ({ 'data-testid': 'database-migration' })}
          />
        </>
      )}
    </Card>
  );
}
