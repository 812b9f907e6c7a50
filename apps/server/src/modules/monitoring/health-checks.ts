import type { ServiceHealth } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import type { DiscordBotClient } from '../../services/discord/discord-client';
import type { InfluxClient } from '../../services/influx/influx-client';
import { parseRedisVersion, type RedisConnection } from '../../services/redis';
import { selectServerVersion } from './queries';

/** A check gives up after this long, so a hung service shows as down instead of stalling the dashboard. */
export const CHECK_TIMEOUT_MS = 3000;
/** Answers slower than this count as degraded. */
export const SLOW_ANSWER_MS = 1500;

const notConfigured = (message: string): ServiceHealth => ({
  status: 'not_configured',
  responseTimeMs: null,
  message,
  version: null,
  checkedAt: new Date().toISOString(),
});

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one check, timing it; a failure is "down" with the reason, never a thrown error. */
async function timed(check: () => Promise<{ version: string | null; message?: string | null }>): Promise<ServiceHealth> {
  const started = performance.now();
  try {
    const { version, message } = await withTimeout(check(), CHECK_TIMEOUT_MS);
    const responseTimeMs = Math.round((performance.now() - started) * 10) / 10;
    return {
      status: responseTimeMs > SLOW_ANSWER_MS ? 'degraded' : 'healthy',
      responseTimeMs,
      message: message ?? null,
      version,
      checkedAt: new Date().toISOString(),
    };
  } catch (error) {
    return {
      status: 'down',
      responseTimeMs: null,
      message: error instanceof Error ? error.message : String(error),
      version: null,
      checkedAt: new Date().toISOString(),
    };
  }
}

/** PostgreSQL (or PGlite): one round trip that also reads the server version. */
export function checkPostgres(db: Db): Promise<ServiceHealth> {
  return timed(async () => {
    // "15.20 (Debian 15.20-0+deb12u1)" reads as 15.20 on a status tile.
    const version = (await selectServerVersion(db))?.split(' ')[0] ?? null;
    return { version, message: db.kind === 'pglite' ? 'Embedded database (PGlite)' : null };
  });
}

/** Redis: PING, then INFO server for the version. Down at once while the client is disconnected. */
export function checkRedis(redis: RedisConnection | null): Promise<ServiceHealth> {
  if (!redis) return Promise.resolve(notConfigured('REDIS_URL is not set'));
  return timed(async () => {
    if (!(await redis.waitUntilReady(CHECK_TIMEOUT_MS / 2))) throw new Error('Not connected');
    await redis.client.ping();
    return { version: parseRedisVersion(await redis.client.info('server')) };
  });
}

/** InfluxDB: /ping (or /health) and the version it reports. */
export function checkInflux(influx: InfluxClient | null): Promise<ServiceHealth> {
  if (!influx) return Promise.resolve(notConfigured('INFLUX_URL is not set'));
  return timed(async () => {
    const { version } = await influx.ping(CHECK_TIMEOUT_MS);
    return { version };
  });
}

/** Discord: GET /users/@me with the bot token. */
export function checkDiscord(discord: DiscordBotClient | null): Promise<ServiceHealth> {
  if (!discord) return Promise.resolve(notConfigured('DISCORD_BOT_TOKEN is not set'));
  return timed(async () => {
    const bot = await discord.fetchBotUser(CHECK_TIMEOUT_MS);
    return { version: null, message: `Signed in as ${bot.username}` };
  });
}
