import type { Config } from '../../config';
import { fetchService } from '../fetch-service';
import { discordFetch } from './discord-api';
import { type DiscordRole, fetchGuildRoles } from './guild-roles';

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

/** Calls to the Discord API made with the bot token. */
export interface DiscordBotClient {
  /** GET /users/@me: proves the token works; throws with Discord's status otherwise. */
  fetchBotUser(timeoutMs: number): Promise<DiscordBotUser>;
  /** GET /users/{id}: any user by id; a short 429 is waited out once; DiscordApiError carries Discord's status. */
  fetchUser(userId: string): Promise<DiscordUser>;
  /** GET /guilds/{id}/roles: the server's roles, @everyone included; DiscordApiError carries Discord's status. */
  fetchGuildRoles(discordGuildId: string): Promise<DiscordRole[]>;
}

/** A Discord client for DISCORD_BOT_TOKEN, or null when it is unset. */
export function createDiscordBotClient(settings: Config['discord']): DiscordBotClient | null {
  const token = settings.botToken;
  if (!token) return null;
  return {
    async fetchBotUser(timeoutMs) {
      const response = await fetchService('Discord', `${settings.apiBase}/users/@me`, {
        headers: { Authorization: `Bot ${token}` },
        timeoutMs,
      });
      if (response.status === 401) throw new Error('Discord rejected the bot token (401)');
      if (!response.ok) throw new Error(`Discord answered ${response.status}`);
      return (await response.json()) as DiscordBotUser;
    },
    async fetchUser(userId) {
      const url = `${settings.apiBase}/users/${encodeURIComponent(userId)}`;
      return (await discordFetch(url, { headers: { Authorization: `Bot ${token}` } })) as DiscordUser;
    },
    fetchGuildRoles(discordGuildId) {
      return fetchGuildRoles(settings.apiBase, token, discordGuildId);
    },
  };
}
