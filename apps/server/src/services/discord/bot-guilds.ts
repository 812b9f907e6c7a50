import { BOT_GUILDS_CACHE_MS } from '@guildhall/contract';
import { Routes } from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/app-error';
import type { RedisConnection } from '../redis';
import { allGuildPages, type DiscordGuildSummary } from './discord-api';
import type { DiscordRest } from './discord-rest';

/** Where the bot is: the ids of the guilds it has joined. */
export interface BotGuildDirectory {
  /** True when DISCORD_BOT_TOKEN is set; without it bot presence comes from the guild tenants instead. */
  readonly isConfigured: boolean;
  /** The bot's guild ids, cached briefly; `fresh` skips the cache. 503 when Discord fails and nothing is known. */
  guildIds(options?: { fresh?: boolean }): Promise<Set<string>>;
}

const CACHE_KEY = 'discord:bot-guilds';
/** A guild list someone is waiting on (a guild-scoped request) gives up after this, a rate limit's wait included. */
const LIST_TIMEOUT_MS = 10_000;

/** Every guild the bot is in, through the REST client. */
const botGuilds = (rest: DiscordRest) =>
  allGuildPages((query) => rest.get<DiscordGuildSummary[]>(Routes.userGuilds(), { query, timeoutMs: LIST_TIMEOUT_MS }));

/**
 * The bot's guild list through the bot token, cached for BOT_GUILDS_CACHE_MS in Redis (shared by every
 * process) or in this process. While Discord fails, the last list this process saw is used.
 */
export function createBotGuildDirectory(
  rest: DiscordRest,
  redis: RedisConnection | null,
  log: FastifyBaseLogger,
): BotGuildDirectory {
  let local: { ids: string[]; at: number } | null = null;

  async function readShared(): Promise<string[] | null> {
    if (!redis?.isReady()) return null;
    try {
      const text = await redis.client.get(`${redis.prefix}${CACHE_KEY}`);
      return text ? (JSON.parse(text) as string[]) : null;
    } catch {
      return null;
    }
  }

  async function writeShared(ids: string[]) {
    if (!redis?.isReady()) return;
    await redis.client.set(`${redis.prefix}${CACHE_KEY}`, JSON.stringify(ids), 'PX', BOT_GUILDS_CACHE_MS).catch(() => undefined);
  }

  return {
    isConfigured: rest.hasBotToken,
    async guildIds({ fresh = false } = {}) {
      if (!rest.hasBotToken) return new Set();
      if (!fresh) {
        if (local && Date.now() - local.at < BOT_GUILDS_CACHE_MS) return new Set(local.ids);
        const shared = await readShared();
        if (shared) return new Set(shared);
      }
      try {
        const ids = (await botGuilds(rest)).map((guild) => guild.id);
        local = { ids, at: Date.now() };
        await writeShared(ids);
        return new Set(ids);
      } catch (error) {
        log.warn({ err: error }, "could not read the bot's guild list from Discord");
        if (local) return new Set(local.ids);
        throw AppError.serviceUnavailable('Discord');
      }
    },
  };
}
