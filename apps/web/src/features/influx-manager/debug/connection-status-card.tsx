import type { DebugHealthResponse } from '@guildhall/contract';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';

interface ConnectionStatusCardProps {
  health: DebugHealthResponse | null;
  isConnected: boolean;
  onRefresh: () => void;
}

/** Status, response time, URL and bucket of the InfluxDB the server reaches (spec 2 §2). */
export function ConnectionStatusCard({ health, isConnected, onRefresh }: ConnectionStatusCardProps) {
  return (
    <Card
      title="Connection Status"
      data-testid="influx-debug-health"
      actions={
        <button type="button" className="button button--secondary button--small" onClick={onRefresh} disabled={!isConnected}>
          Check again
        </button>
      }
    >
      {!health && isConnected && <Spinner label="Checking InfluxDB..." />}
      {health && (
        <>
          <dl className="influx-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <Badge tone={health.status === 'healthy' ? 'good' : 'bad'}>{health.status}</Badge>
              </dd>
            </div>
            <div>
              <dt>Response time</dt>
              <dd>{health.responseTime === null ? 'N/A' : `${health.responseTime} ms`}</dd>
            </div>
            <div>
              <dt>URL</dt>
              <dd className="influx-mono">{health.url ?? 'N/A'}</dd>
            </div>
            <div>
              <dt>Bucket</dt>
              <dd className="influx-mono">{health.bucket ?? 'N/A'}</dd>
            </div>
            {health.version && (
              <div>
                <dt>Version</dt>
                <dd>{health.version}</dd>
              </div>
            )}
          </dl>
          {health.error && (
            <p className="alert alert--error influx-debug__health-error" role="alert">
              {health.error}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
