import { type GuildPermission, hasGuildPermission } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Requester } from '../core/audit';
import { communityPrincipalOf } from './community-user';
import { guildScopeOf } from './require-guild';

/** A signed-in member acting in the guild of X-Guild-ID, as the community modules (raids, loot) take one. */
export interface GuildMember {
  /** The guild tenant's id: what the module's reads and writes are scoped by. */
  guildId: string;
  /** The Discord server's id (X-Guild-ID): the socket room, and where others' permissions are read. */
  discordGuildId: string;
  userId: string;
  permissions: readonly GuildPermission[];
  requester: Requester;
}

/** The caller in the guild of X-Guild-ID, after requireGuild; every guild a member can select has its tenant. */
export function guildMemberOf(request: FastifyRequest): GuildMember {
  const scope = guildScopeOf(request);
  if (!scope.tenantId) throw new AppError('GUILD_NOT_AVAILABLE');
  const { user } = communityPrincipalOf(request);
  return {
    guildId: scope.tenantId,
    discordGuildId: scope.discordGuildId,
    userId: user.id,
    permissions: scope.permissions,
    requester: { actor: { type: 'user', id: user.id, name: user.global_name ?? user.username }, ip: request.ip },
  };
}

/** Whether the caller holds a permission in the guild of X-Guild-ID (after requireGuild). */
export const holdsGuildPermission = (request: FastifyRequest, permission: GuildPermission) =>
  hasGuildPermission(guildScopeOf(request).permissions, permission);
