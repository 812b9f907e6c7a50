import { REDIS_DATABASES, type RedisDatabaseTile, type RedisInfo, type RedisStats } from '@guildhall/contract';
import type { Redis } from 'ioredis';

type Sections = Record<string, Record<string, string>>;
type Keyspace = Record<string, { keys: number; expires: number; avg_ttl: number }>;

/** INFO's text as sections of name → value ('# Server' → server). */
export function parseInfo(text: string): Sections {
  const sections: Sections = {};
  let current: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      current = {};
      sections[line.slice(1).trim().toLowerCase()] = current;
    } else {
      const at = line.indexOf(':');
      if (at > 0) current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return sections;
}

/** INFO keyspace for db0..db15, zero for the databases it does not list (empty ones). */
function keyspaceOf(sections: Sections): Keyspace {
  const keyspace: Keyspace = {};
  for (let database = 0; database < REDIS_DATABASES; database++) {
    const line = sections.keyspace?.[`db${database}`] ?? '';
    const field = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(line)?.[1] ?? 0);
    keyspace[`db${database}`] = { keys: field('keys'), expires: field('expires'), avg_ttl: field('avg_ttl') };
  }
  return keyspace;
}

const number = (value: string | undefined) => Number(value ?? 0) || 0;

/** Cache info (spec 2 §3): INFO server and memory, the keyspace, and where Guildhall keeps its keys. */
export async function readInfo(redis: Redis, app: RedisInfo['app']): Promise<RedisInfo> {
  const sections = parseInfo(await redis.info());
  return { server: sections.server ?? {}, memory: sections.memory ?? {}, keyspace: keyspaceOf(sections), app };
}

/** Cache stats (spec 2 §3), from one INFO; total_keys sums the keyspace (never a scan). */
export async function readStats(redis: Redis, database: number): Promise<RedisStats> {
  const sections = parseInfo(await redis.info());
  const keyspace = Object.values(keyspaceOf(sections));
  const { server = {}, clients = {}, memory = {}, stats = {} } = sections;
  return {
    connected_clients: number(clients.connected_clients),
    total_keys: keyspace.reduce((sum, db) => sum + db.keys, 0),
    database_keys: keyspace[database]?.keys ?? 0,
    used_memory_human: memory.used_memory_human ?? '',
    used_memory_rss_human: memory.used_memory_rss_human ?? '',
    uptime_in_days: number(server.uptime_in_days),
    uptime_in_seconds: number(server.uptime_in_seconds),
    instantaneous_ops_per_sec: number(stats.instantaneous_ops_per_sec),
    redis_version: server.redis_version ?? '',
  };
}

/** The 16 database tiles with their key counts. */
export async function readDatabaseTiles(redis: Redis): Promise<RedisDatabaseTile[]> {
  const keyspace = keyspaceOf(parseInfo(await redis.info('keyspace')));
  return Object.values(keyspace).map((counts, database) => ({ database, ...counts }));
}
