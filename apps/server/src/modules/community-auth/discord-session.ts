import { COMMUNITY_SESSION_TTL_MS } from '@guildhall/contract';
import { insertCommunitySession } from '../../auth/community-session-queries';
import { sealText } from '../../auth/sealed-text';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import type { DiscordGuildSummary } from '../../services/discord/discord-api';
import type { DiscordGrant, DiscordProfile } from '../../services/discord/discord-oauth';
import { recordPlayerSignIn } from '../player-accounts/record-sign-in';
import type { AccountDeps } from './account-deps';
import { replaceUserDiscordGuilds } from './guild-queries';
import type { ClientInfo } from './sign-in-tokens';

/** What Discord said about the user who came back: the token grant, their profile and their guilds. */
export interface DiscordReading {
  grant: DiscordGrant;
  profile: DiscordProfile;
  guilds: DiscordGuildSummary[];
}

/** Exchanges the code and reads the profile and guilds with the user's token. */
export async function readDiscord(discord: NonNullable<AccountDeps['kit']['discord']>, code: string): Promise<DiscordReading> {
  const grant = await discord.exchangeCode(code);
  const [profile, guilds] = await Promise.all([discord.fetchProfile(grant.accessToken), discord.fetchGuilds(grant.accessToken)]);
  return { grant, profile, guilds };
}

/**
 * Stores the user's Discord guilds and opens a cookie session that keeps their Discord token sealed (for
 * guilds/verify). Returns the session's token for the cookie.
 */
export async function openDiscordSession(
  deps: AccountDeps,
  userId: string,
  reading: DiscordReading,
  client: ClientInfo,
): Promise<string> {
  await replaceUserDiscordGuilds(deps.db, userId, reading.guilds);
  const keys = await deps.kit.signingKeys();
  const sessionToken = newSessionToken();
  await insertCommunitySession(deps.db, {
    tokenHash: hashSessionToken(sessionToken),
    userId,
    expiresAt: new Date(Date.now() + COMMUNITY_SESSION_TTL_MS),
    discordTokenSealed: sealText(keys.sealing, reading.grant.accessToken),
    discordTokenExpiresAt: new Date(Date.now() + reading.grant.expiresInSeconds * 1000),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await recordPlayerSignIn(deps.db, userId);
  return sessionToken;
}
