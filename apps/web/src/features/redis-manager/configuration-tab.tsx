import type { RedisDatabaseTile } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useRedisInfo } from './redis-api';
import { RedisBanner } from './redis-banner';
import { DATABASE_NUMBERS } from './redis-database';

/** The INFO fields an operator looks at first; the rest are a click away. */
const SERVER_FIELDS = [
  'redis_version',
  'redis_mode',
  'os',
  'arch_bits',
  'tcp_port',
  'process_id',
  'uptime_in_days',
  'executable',
  'config_file',
];
const MEMORY_FIELDS = [
  'used_memory_human',
  'used_memory_rss_human',
  'used_memory_peak_human',
  'maxmemory_human',
  'maxmemory_policy',
  'mem_fragmentation_ratio',
  'total_system_memory_human',
];

interface ConfigurationTabProps {
  database: number;
  tiles: readonly RedisDatabaseTile[] | null;
  onSelect: (database: number) => void;
}

/** Configuration (spec 2 §2): server info, memory info, and the 16 databases as tiles; a click selects one. */
export function ConfigurationTab({ database, tiles, onSelect }: ConfigurationTabProps) {
  const info = useRedisInfo();
  const data = info.data?.configured ? info.data : null;
  return (
    <div className="redis-stack">
      {info.isError && <RedisBanner text={errorMessage(info.error)} />}
      {info.isPending && <Spinner label="Loading server info..." />}
      {data && (
        <div className="redis-info-grid">
          <InfoCard title="Server" section={data.server} fields={SERVER_FIELDS} testId="redis-server-info" />
          <InfoCard title="Memory" section={data.memory} fields={MEMORY_FIELDS} testId="redis-memory-info" />
        </div>
      )}
      <Card title="Databases" data-testid="redis-databases">
        {data && (
          <p className="redis-muted">
            Guildhall keeps its own keys in database {data.app.database} under <code>{data.app.prefix}</code>.
          </p>
        )}
        <ul className="redis-tiles">
          {DATABASE_NUMBERS.map((number) => {
            const tile = tiles?.find((entry) => entry.database === number);
            const isSelected = number === database;
            return (
              <li key={number}>
                <button
                  type="button"
                  className={`redis-tile${isSelected ? ' redis-tile--selected' : ''}${tile?.keys ? '' : ' redis-tile--empty'}`}
                  aria-pressed={isSelected}
                  onClick={() => onSelect(number)}
                  data-testid={`redis-tile-${number}`}
                >
                  <span className="redis-tile__name">db{number}</span>
                  <span className="redis-tile__keys">{tile ? `${tile.keys.toLocaleString('en-US')} keys` : '…'}</span>
                  {tile && tile.expires > 0 && (
                    <span className="redis-tile__detail">{tile.expires.toLocaleString('en-US')} expiring</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}

interface InfoCardProps {
  title: string;
  section: Record<string, string>;
  fields: readonly string[];
  testId: string;
}

/** One INFO section: the chosen fields first, every other one under "All fields". */
function InfoCard({ title, section, fields, testId }: InfoCardProps) {
  const shown = fields.filter((field) => section[field] !== undefined);
  const rest = Object.keys(section).filter((field) => !fields.includes(field));
  return (
    <Card title={title} data-testid={testId}>
      <dl className="redis-info">
        {shown.map((field) => (
          <div key={field}>
            <dt>{field}</dt>
            <dd>{section[field]}</dd>
          </div>
        ))}
      </dl>
      {rest.length > 0 && (
        <details className="redis-more-info">
          <summary>All {Object.keys(section).length} fields</summary>
          <dl className="redis-info">
            {rest.map((field) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{section[field]}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </Card>
  );
}
