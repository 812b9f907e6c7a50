import { type AdminScreen, REDIS_MESSAGES, type RedisDatabaseTile } from '@guildhall/contract';
import { Spinner } from '../../ui/spinner';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { ConfigurationTab } from './configuration-tab';
import { KeyBrowserTab } from './key-browser-tab';
import { KeyManagerTab } from './key-manager-tab';
import { useRedisDatabases, useRedisInfo } from './redis-api';
import { DATABASE_NUMBERS } from './redis-database';
import { RedisSetup } from './redis-setup';
import { REDIS_TABS, type RedisTab, redisManagerQuery } from './redis-tabs';
import { StatisticsTab } from './statistics-tab';
import '../../styles/redis.css';

const ID_PREFIX = 'redis';

/** What the manager reaches: the keys under REDIS_PREFIX, shown and named without it. */
function PrefixScope() {
  const info = useRedisInfo().data;
  if (!info?.configured) return null;
  return (
    <p className="redis-muted" data-testid="redis-prefix-scope">
      {REDIS_MESSAGES.prefixScope(info.app.prefix)}
    </p>
  );
}

/**
 * The cache manager (spec 2 §2) over the Redis Guildhall uses: Key Browser, Key Manager, Statistics and
 * Configuration, with the database selector; tab and database in ?tab= and ?db=. Without a Redis it says how to
 * connect one; with one down, each tab shows its red banner and the rest of the console works on.
 */
export function RedisManagerPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  const { query, set } = useUrlQuery(redisManagerQuery);
  const info = useRedisInfo();
  // The app's own database (REDIS_URL's), the one to open on and to mark in the selector.
  const appDatabase = info.data?.configured ? info.data.app.database : info.isPending ? null : 0;
  const { tab } = query;
  const database = query.db ?? appDatabase;
  const databases = useRedisDatabases();
  const tiles = databases.data?.configured ? databases.data.databases : null;

  /** Changes tab or database; the Key Browser's pattern and view stay while only the database changes. */
  function navigate(next: { tab?: RedisTab; database?: number }) {
    // Another tab starts afresh (the database stays); another database keeps the Key Browser's pattern and view.
    if (next.tab && next.tab !== tab) set({ tab: next.tab }, { dropOthers: true });
    else if (next.database !== undefined) set({ db: next.database });
  }

  return (
    <div className="page redis">
      <header className="page__header">
        <div>
          <h1 className="page__title">{screen.label}</h1>
          <p className="page__lead">Browse, edit and watch the cache, one database at a time</p>
          <PrefixScope />
        </div>
        {databases.data?.configured !== false && database !== null && (
          <DatabaseSelect
            database={database}
            appDatabase={appDatabase}
            tiles={tiles}
            onChange={(next) => navigate({ database: next })}
          />
        )}
      </header>
      {databases.isPending && <Spinner label="Connecting to Redis..." />}
      {databases.data && !databases.data.configured && <RedisSetup setup={databases.data.setup} />}
      {(databases.isError || databases.data?.configured) && database !== null && (
        <>
          <Tabs
            label="Redis manager"
            tabs={REDIS_TABS}
            active={tab}
            onChange={(next) => navigate({ tab: next })}
            idPrefix={ID_PREFIX}
          />
          <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel redis__panel" testId={`redis-panel-${tab}`}>
            {tab === 'browser' && <KeyBrowserTab key={database} database={database} />}
            {tab === 'manager' && <KeyManagerTab database={database} />}
            {tab === 'stats' && <StatisticsTab database={database} />}
            {tab === 'config' && (
              <ConfigurationTab database={database} tiles={tiles} onSelect={(next) => navigate({ database: next })} />
            )}
          </TabPanel>
        </>
      )}
    </div>
  );
}

interface DatabaseSelectProps {
  database: number;
  /** Guildhall's own database, marked in the list. */
  appDatabase: number | null;
  tiles: readonly RedisDatabaseTile[] | null;
  onChange: (database: number) => void;
}

/** Databases 0-15, each with its key count once INFO keyspace has been read. */
function DatabaseSelect({ database, appDatabase, tiles, onChange }: DatabaseSelectProps) {
  return (
    <label className="redis-inline-field">
      <span>Database</span>
      <select
        className="input redis-select"
        value={database}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="redis-database"
      >
        {DATABASE_NUMBERS.map((number) => {
          const keys = tiles?.find((tile) => tile.database === number)?.keys;
          const counted = keys === undefined ? `db${number}` : `db${number} (${keys.toLocaleString('en-US')} keys)`;
          return (
            <option key={number} value={number}>
              {number === appDatabase ? `${counted} · Guildhall's` : counted}
            </option>
          );
        })}
      </select>
    </label>
  );
}
