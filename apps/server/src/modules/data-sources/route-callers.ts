import type { FastifyRequest } from 'fastify';
import { communityPrincipalOf } from '../../auth/community-user';
import { adminSessionOf } from '../../auth/require-admin';
import { guildScopeOf } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { adminActor, type Requester } from '../../core/audit';

/** Who calls, on the admin side. */
export const adminRequester = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** Who calls, on the community side. */
export const memberRequester = (request: FastifyRequest): Requester => {
  const { user } = communityPrincipalOf(request);
  return { actor: { type: 'user', id: user.id, name: user.global_name ?? user.username }, ip: request.ip };
};

/** The selected guild's tenant; every guild a member can select has one. */
export const tenantOf = (request: FastifyRequest): string => {
  const { tenantId } = guildScopeOf(request);
  if (!tenantId) throw new AppError('GUILD_NOT_AVAILABLE');
  return tenantId;
};
