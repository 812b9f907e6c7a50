import {
  type DiscordIdentity,
  findUserByDiscordId,
  findUserByEmail,
  insertDiscordUser,
  type UserRow,
  updateDiscordProfile,
} from '../../auth/community-user-queries';
import type { Queryable } from '../../services/db/db';
import type { DiscordProfile } from '../../services/discord/discord-oauth';

/**
 * The account of a Discord user, created or refreshed from their profile. An address Discord verified is
 * linked to an existing e-mail account only when that account verified it too: an unverified account could
 * have been registered by someone else to take the Discord user's account over.
 */
export async function upsertDiscordAccount(db: Queryable, profile: DiscordProfile): Promise<UserRow> {
  const identity: DiscordIdentity = {
    discordId: profile.id,
    username: profile.username,
    globalName: profile.global_name,
    avatar: profile.avatar,
  };
  const verifiedEmail = profile.verified && profile.email ? profile.email.trim().toLowerCase() : null;
  const holder = verifiedEmail ? await findUserByEmail(db, verifiedEmail) : null;

  const existing = await findUserByDiscordId(db, profile.id);
  if (existing) {
    const addEmail = existing.email === null && verifiedEmail !== null && holder === null;
    return updateDiscordProfile(db, existing.id, identity, addEmail ? verifiedEmail : null);
  }
  if (holder && holder.discord_id === null && holder.email_verified) return updateDiscordProfile(db, holder.id, identity, null);
  return insertDiscordUser(db, identity, holder ? null : verifiedEmail);
}
