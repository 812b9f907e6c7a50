import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { connectDatabase } from './db/connect';
import type { Db } from './db/db';
import { createReadonlyAccess, type ReadonlyAccess } from './db/readonly-access';
import { type BotGuildDirectory, createBotGuildDirectory } from './discord/bot-guilds';
import { createDiscordBotClient, type DiscordBotClient } from './discord/discord-client';
import { createDiscordRest, type DiscordRest } from './discord/discord-rest';
import { createInfluxClient, type InfluxClient } from './influx/influx-client';
import { createRedis, type RedisConnection } from './redis';

/** The outside services, each null when it is not configured (the database always exists). */
export interface Services {
  db: Db;
  /** The SQL runner's read-only connection (signed in as the read-only role) and what the start-up check found. */
  readonlyAccess: ReadonlyAccess;
  redis: RedisConnection | null;
  influx: InfluxClient | null;
  discord: DiscordBotClient | null;
  /** What the bot sends (messages, commands, roles, follow-ups), rate-limit aware; see hasBotToken. */
  discordRest: DiscordRest;
  /** Where the bot is (Discord's list, cached): one per process, so sign-in and the guild guard share its cache. */
  botGuilds: BotGuildDirectory;
  close(): Promise<void>;
}

/** How long start-up waits for a configured Redis before going on without it (it joins when it answers). */
const REDIS_START_WAIT_MS = 2000;

/** Opens every configured service. Only the database must answer; the others recover by themselves. */
export async function connectServices(config: Config, log: FastifyBaseLogger): Promise<Services> {
  const db = await connectDatabase(config, log);
  const readonlyAccess = createReadonlyAccess(config.database.url ? config.database.readonlyUrl : null, log);
  const redis = config.redis.url ? createRedis(config.redis.url, config.redis.prefix, log) : null;
  if (redis && !(await redis.waitUntilReady(REDIS_START_WAIT_MS))) {
    log.warn('Redis is configured but not answering; using in-process fallbacks until it does');
  }
  const discordRest = createDiscordRest(config.discord, log);
  return {
    db,
    readonlyAccess,
    redis,
    influx: createInfluxClient(config.influx),
    discord: createDiscordBotClient(discordRest),
    discordRest,
    botGuilds: createBotGuildDirectory(discordRest, redis, log),
    async close() {
      discordRest.close();
      await redis?.close();
      await readonlyAccess.close();
      await db.close();
    },
  };
}
