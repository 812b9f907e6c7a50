import type { Config } from '../../config';
import { fetchService } from '../fetch-service';

/** The bot's own user as Discord returns it. */
export interface DiscordBotUser {
  id: string;
  username: string;
}

/** Calls to the Discord API made with the bot token. */
export interface DiscordBotClient {
  /** GET /users/@me: proves the token works; throws with Discord's status otherwise. */
  fetchBotUser(timeoutMs: number): Promise<DiscordBotUser>;
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
  };
}
