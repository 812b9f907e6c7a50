import {
  COMMUNITY_MESSAGES,
  DISCORD_GUILD_ID_PATTERN,
  GUILD_HEADER,
  type GuildPermission,
  hasAnyGuildPermission,
} from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { authenticateCommunity } from './community-user';
import { type AvailableGuild, availableGuildOf } from './guild-access';

/** The guild a guild-scoped request runs in, and what the caller may do there. */
export type GuildScope = AvailableGuild;

/**
 * The guard of guild-scoped community routes: a signed-in user, an X-Guild-ID naming one of their guilds
 * where the bot is present, and at least one of `anyOf` there. The browser's selection is never trusted:
 * 400 without the header, 403 for someone else's guild or a missing permission. It only reads: a guarded GET
 * writes nothing.
 */
export function requireGuild(anyOf: readonly GuildPermission[] = ['guild.view']) {
  return async function requireGuildHook(request: FastifyRequest, reply: FastifyReply) {
    const principal = await authenticateCommunity(request, reply);
    const header = request.headers[GUILD_HEADER.toLowerCase()];
    const discordGuildId = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!discordGuildId) throw new AppError('GUILD_SELECTION_REQUIRED');
    // Anything but a snowflake cannot name a guild of the user: not available, without a lookup.
    const guild = DISCORD_GUILD_ID_PATTERN.test(discordGuildId)
      ? await availableGuildOf(request.server.services, principal.user.id, discordGuildId)
      : null;
    if (!guild) throw new AppError('GUILD_NOT_AVAILABLE');
    if (!hasAnyGuildPermission(guild.permissions, anyOf)) {
      throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.guildPermissionDenied);
    }
    request.guildScope = guild;
  };
}

/** The guild a guarded route runs in; the guard has set it. */
export function guildScopeOf(request: FastifyRequest): GuildScope {
  if (!request.guildScope) throw new Error('guildScopeOf called on a route without requireGuild');
  return request.guildScope;
}
