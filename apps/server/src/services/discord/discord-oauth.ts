import type { Config } from '../../config';
import { type DiscordGuildSummary, discordFetch, fetchAllGuilds } from './discord-api';

/** The scopes Guildhall asks for: who the user is, their e-mail, and their guilds. */
export const DISCORD_SCOPES = 'identify email guilds';

/** The signed-in user's Discord profile (/users/@me). */
export interface DiscordProfile {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

/** What the token exchange returns that Guildhall keeps. */
export interface DiscordGrant {
  accessToken: string;
  expiresInSeconds: number;
}

/** Discord's OAuth2 code flow, for the configured application. */
export interface DiscordOAuth {
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<DiscordGrant>;
  fetchProfile(accessToken: string): Promise<DiscordProfile>;
  fetchGuilds(accessToken: string): Promise<DiscordGuildSummary[]>;
}

/** The OAuth2 client, or null without DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET. */
export function createDiscordOAuth(settings: Config['discord']): DiscordOAuth | null {
  const { clientId, clientSecret, apiBase, redirectUri } = settings;
  if (!clientId || !clientSecret) return null;
  return {
    authorizeUrl(state) {
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: DISCORD_SCOPES,
        state,
        prompt: 'none',
      });
      return `${apiBase}/oauth2/authorize?${params}`;
    },
    async exchangeCode(code) {
      const body = new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      const grant = (await discordFetch(`${apiBase}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      })) as { access_token: string; expires_in: number };
      return { accessToken: grant.access_token, expiresInSeconds: grant.expires_in };
    },
    async fetchProfile(accessToken) {
      return (await discordFetch(`${apiBase}/users/@me`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })) as DiscordProfile;
    },
    fetchGuilds(accessToken) {
      return fetchAllGuilds(apiBase, `Bearer ${accessToken}`);
    },
  };
}

/** Discord's site for invites: the API base without /api/vN. */
export function discordSiteBase(apiBase: string): string {
  return apiBase.replace(/\/api(\/v\d+)?\/?$/, '');
}

/** CDN address of a user's avatar, or null without one. */
export const discordAvatarUrl = (userId: string, avatar: string | null) =>
  avatar ? `https://cdn.discordapp.com/avatars/${userId}/${avatar}.png` : null;

/** CDN address of a guild's icon, or null without one. */
export const discordGuildIconUrl = (guildId: string, icon: string | null) =>
  icon ? `https://cdn.discordapp.com/icons/${guildId}/${icon}.png` : null;
