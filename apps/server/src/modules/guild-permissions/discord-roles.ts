import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import type { DiscordBotClient } from '../../services/discord/discord-client';
import type { DiscordRole } from '../../services/discord/guild-roles';
import { selectTenant, type TenantRow } from './grant-queries';
import { presentRole } from './presenters';
import { countRoleMembers, selectRoleMappings } from './role-queries';

/** What reading a guild's Discord roles needs from the app. */
export interface DiscordRoleDeps {
  db: Db;
  /** The bot token's client; null when DISCORD_BOT_TOKEN is unset. */
  discord: DiscordBotClient | null;
  log: FastifyBaseLogger;
}

/** A tenant with its Discord server id; 404 for an unknown tenant, 409 for one with no Discord server. */
export async function discordTenant(db: Db, tenantId: string): Promise<TenantRow & { discord_guild_id: string }> {
  const tenant = await selectTenant(db, tenantId);
  if (!tenant) throw AppError.notFound(GUILD_GRANT_MESSAGES.guildNotFound);
  if (!tenant.discord_guild_id) throw new AppError('CONFLICT', GUILD_GRANT_MESSAGES.noDiscordGuild);
  return { ...tenant, discord_guild_id: tenant.discord_guild_id };
}

/**
 * The server's roles as Discord lists them now, highest first (Discord's own order on screen), @everyone last.
 * 503 DISCORD_NOT_CONFIGURED without a bot token, 503 SERVICE_UNAVAILABLE when Discord does not answer with them.
 */
export async function readGuildRoles(deps: DiscordRoleDeps, discordGuildId: string): Promise<DiscordRole[]> {
  if (!deps.discord) throw new AppError('DISCORD_NOT_CONFIGURED', GUILD_GRANT_MESSAGES.discordNotConfigured);
  let roles: DiscordRole[];
  try {
    roles = await deps.discord.fetchGuildRoles(discordGuildId);
  } catch (error) {
    deps.log.warn({ err: error, discordGuildId }, "could not read a guild's roles from Discord");
    throw new AppError('SERVICE_UNAVAILABLE', GUILD_GRANT_MESSAGES.rolesUnavailable);
  }
  // Snowflakes are digits: the shorter is the smaller, then text order is number order.
  return roles.sort((a, b) => b.position - a.position || a.id.length - b.id.length || a.id.localeCompare(b.id));
}

/**
 * A guild's Discord roles with the current members holding each (from the last member sync) and the guild
 * permissions each is mapped to. @everyone is kept: mapping it grants every current member.
 */
export async function listDiscordRoles(deps: DiscordRoleDeps, tenantId: string) {
  const tenant = await discordTenant(deps.db, tenantId);
  const roles = await readGuildRoles(deps, tenant.discord_guild_id);
  const [counts, mappings] = await Promise.all([
    countRoleMembers(
      deps.db,
      tenant.id,
      tenant.discord_guild_id,
      roles.map((role) => role.id),
    ),
    selectRoleMappings(deps.db, tenant.id),
  ]);
  return {
    data: roles.map((role) => presentRole(role, counts.get(role.id) ?? 0, mappings.get(role.id) ?? [])),
    fetchedAt: new Date().toISOString(),
  };
}
