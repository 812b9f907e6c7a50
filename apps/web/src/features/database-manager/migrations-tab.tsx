import { errorMessage } from '../../api/api-error';
import { useDatabaseMigrations } from '../../api/database-manager';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { TableScroll } from '../../ui/table-scroll';
import { ErrorBanner } from './error-banner';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  applied: { label: 'Applied', tone: 'good' },
  pending: { label: 'Pending', tone: 'warn' },
  missing_file: { label: 'File missing', tone: 'bad' },
};

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
          <TableScroll label="Migrations">
            <table className="table db-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Checksum</th>
                  <th scope="col">Applied at</th>
                </tr>
              </thead>
              <tbody>
                {list.map((migration) => (
                  <tr key={migration.name} data-testid="database-migration">
                    <td className="db-mono">{migration.name}</td>
                    <td>
                      <Badge tone={STATUS[migration.status]?.tone ?? 'neutral'}>
                        {STATUS[migration.status]?.label ?? migration.status}
                      </Badge>
                    </td>
                    <td className="db-mono" title={migration.checksum ?? undefined}>
                      {migration.checksum ? migration.checksum.slice(0, 16) : '—'}
                    </td>
                    <td>{migration.appliedAt ? <time dateTime={migration.appliedAt}>{migration.appliedAt}</time> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </Card>
  );
}
