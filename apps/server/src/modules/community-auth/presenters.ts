import { type CommunityUser, isDiscordGuildAdmin } from '@guildhall/contract';
import type { UserRow } from '../../auth/community-user-queries';
import { discordAvatarUrl } from '../../services/discord/discord-oauth';
import { availableGuild, type GuildAccess, type GuildAccessDeps, loadGuildAccess } from './guild-access';

/**
 * A user as the contract shows them. hasBasicAccess: may use the app (Discord, a verified address, or
 * verification not required). isAdmin: owner, Administrator or Manage Server of the selected guild.
 * accountPermissions.isGlobalAdmin: the name spec 2's debug interface reads; false, see the contract.
 */
export function presentUser(user: UserRow, access: GuildAccess, requireEmailVerification: boolean): CommunityUser {
  const selected = access.selection.requiresGuildSelection ? null : availableGuild(access, access.selection.selectedGuildId);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    authMethod: user.auth_method,
    emailVerified: user.email_verified,
    hasBasicAccess: user.auth_method !== 'email' || user.email_verified || !requireEmailVerification,
    isAdmin:
      selected?.row.is_discord_member === true &&
      isDiscordGuildAdmin({ isOwner: selected.row.is_owner, permissions: selected.row.permissions }),
    selectedGuildId: access.selection.selectedGuildId,
    avatarUrl: user.discord_id ? discordAvatarUrl(user.discord_id, user.avatar) : null,
    globalName: user.global_name,
    // The console's admins are accounts of their own (admin sessions): a community account never holds them.
    accountPermissions: { isGlobalAdmin: false },
  };
}

/** Loads the user's guild access (applying the selection rules) and presents the user with it. */
export async function presentUserWithAccess(deps: GuildAccessDeps, user: UserRow): Promise<CommunityUser> {
  const access = await loadGuildAccess(deps, user, { allowUnknownBot: true });
  const { requireEmailVerification } = await deps.kit.systemSettings.current();
  return presentUser(user, access, requireEmailVerification);
}
