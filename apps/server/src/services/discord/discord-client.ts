import { Routes } from 'discord-api-types/v10';
import { DiscordApiError } from './discord-api';
import type { DiscordRest } from './discord-rest';
import { type DiscordRole, presentRoles } from './guild-roles';

/** The bot's own user as Discord returns it. */
export interface DiscordBotUser {
  id: string;
  username: string;
}

/** A user as Discord's GET /users/{id} returns it (the fields Guildhall reads). */
export interface DiscordUser {
  id: string;
  username: string;
  /** '0' for users on the new username system. */
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
}

/** How long a lookup someone is waiting on may take, a rate limit's wait included. */
const LOOKUP_TIMEOUT_MS = 10_000;

/** Calls to the Discord API made with the bot token, through the bot's one REST client (buckets, 429s, queue). */
export interface DiscordBotClient {
  /** GET /users/@me: proves the token works; throws with Discord's status otherwise. */
  fetchBotUser(timeoutMs: number): Promise<DiscordBotUser>;
  /** GET /users/{id}: any user by id; DiscordApiError carries Discord's status (0: no answer in time). */
  fetchUser(userId: string): Promise<DiscordUser>;
  /** GET /guilds/{id}/roles: the server's roles, @everyone included; DiscordApiError carries Discord's status. */
  fetchGuildRoles(discordGuildId: string): Promise<DiscordRole[]>;
}

/** A Discord client for DISCORD_BOT_TOKEN over the REST client, or null when the token is unset. */
export function createDiscordBotClient(rest: DiscordRest): DiscordBotClient | null {
  if (!rest.hasBotToken) return null;
  return {
    async fetchBotUser(timeoutMs) {
      try {
        return await rest.get<DiscordBotUser>(Routes.user('@me'), { timeoutMs });
      } catch (error) {
        if (error instanceof DiscordApiError && error.status === 401) throw new Error('Discord rejected the bot token (401)');
        throw error instanceof DiscordApiError && error.status > 0 ? new Error(`Discord answered ${error.status}`) : error;
      }
    },
    fetchUser(userId) {
      return rest.get<DiscordUser>(Routes.user(userId), { timeoutMs: LOOKUP_TIMEOUT_MS });
    },
    async fetchGuildRoles(discordGuildId) {
      return presentRoles(await rest.get<DiscordRole[]>(Routes.guildRoles(discordGuildId), { timeoutMs: LOOKUP_TIMEOUT_MS }));
    },
  };
}
