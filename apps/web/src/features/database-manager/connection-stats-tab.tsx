import { errorMessage } from '../../api/api-error';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { ErrorBanner } from './error-banner';
import { LIVE_REFRESH_MS, useDatabaseSessions, useDocumentVisible, useLiveConnectionStats, useNow } from './live-database';
import { SessionsList } from './sessions-list';

/**
 * Active, idle and waiting connections against max_connections, then every session with cancel and terminate;
 * both read every 2 s while the page is in view, paused while it is hidden.
 */
export function ConnectionStatsTab() {
  const isVisible = useDocumentVisible();
  const now = useNow(isVisible);
  const stats = useLiveConnectionStats(isVisible);
  const sessions = useDatabaseSessions(isVisible);
  const data = stats.data;
  const figures = data
    ? [
        { label: 'Active', value: data.active },
        { label: 'Idle', value: data.idle },
        {
          label: 'Waiting',
          value: data.waiting,
          detail: `${data.idleInTransaction} idle in transaction, ${data.waitingOnLocks} waiting on locks`,
        },
        // In words, with PostgreSQL's setting named under it (issue 29: the setting's name was the label).
        { id: 'max_connections', label: 'Connection limit', value: data.max_connections, detail: 'max_connections' },
      ]
    : [];
  const updatedAt = Math.max(stats.dataUpdatedAt, sessions.dataUpdatedAt);
  return (
    <>
      <Card
        title="Connections"
        data-testid="database-connections"
        actions={<LiveIndicator isVisible={isVisible} isFailing={stats.isError || sessions.isError} updatedAt={updatedAt} />}
      >
        {stats.isError && <ErrorBanner text={`Failed to load connection stats: ${errorMessage(stats.error)}`} />}
        {stats.isPending && <Spinner label="Loading connections..." />}
        {data && (
          <>
            <dl className="db-stats">
              {figures.map((figure) => (
                <div
                  key={figure.label}
                  className="db-stat"
                  data-testid={`database-stat-${'id' in figure ? figure.id : figure.label}`}
                >
                  <dt>{figure.label}</dt>
                  <dd className="db-stat__value">{figure.value.toLocaleString()}</dd>
                  {figure.detail && <dd className="db-stat__detail">{figure.detail}</dd>}
                </div>
              ))}
            </dl>
            {data.note && <p className="db-muted">{data.note}</p>}
            {data.limits.notes.map((note) => (
              <p key={note} className="alert alert--warning">
                {note}
              </p>
            ))}
          </>
        )}
      </Card>
      <Card title="Sessions" data-testid="database-sessions-card">
        {sessions.isError && <ErrorBanner text={`Failed to load sessions: ${errorMessage(sessions.error)}`} />}
        {sessions.isPending && <Spinner label="Loading sessions..." />}
        {sessions.data?.note && <p className="db-muted">{sessions.data.note}</p>}
        {sessions.data && (
          <SessionsList
            sessions={sessions.data.sessions}
            readAt={sessions.dataUpdatedAt}
            now={now}
            isEmbedded={sessions.data.isEmbedded}
          />
        )}
      </Card>
    </>
  );
}

/** 'Live' with a pulsing dot while the reads run, 'Paused' while the page is hidden, and the time of the last read. */
function LiveIndicator({ isVisible, isFailing, updatedAt }: { isVisible: boolean; isFailing: boolean; updatedAt: number }) {
  const tone = isFailing ? 'bad' : isVisible ? 'good' : 'neutral';
  const label = isFailing ? 'Not updating' : isVisible ? 'Live' : 'Paused';
  return (
    <span className="db-live" data-testid="database-live">
      <Badge tone={tone} dot={isVisible && !isFailing ? 'pulse' : 'static'}>
        {label}
      </Badge>
      <span className="db-muted">
        {updatedAt > 0 ? (
          <>
            Updated <time dateTime={new Date(updatedAt).toISOString()}>{new Date(updatedAt).toLocaleTimeString()}</time>
          </>
        ) : (
          'Not read yet'
        )}
        {isVisible && ` · every ${LIVE_REFRESH_MS / 1000} s`}
      </span>
    </span>
  );
}
