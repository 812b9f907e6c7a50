import {
  adminGuildInvitesApi,
  GUILD_ABILITIES,
  GUILD_INVITE_MESSAGES,
  guildInvitesApi,
  inviteJoinApi,
} from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { enforceRateLimit } from '../../auth/rate-limit';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { guildScopeOf, requireGuild } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { GUILD_MANAGEMENT_ACCESS } from '../guilds/access';
import { acceptInvite } from './accept-invite';
import { createInvite } from './create-invite';
import type { InviteManager } from './invite-manager';
import { listInvites } from './list-invites';
import { readInvite } from './read-invite';
import { revokeInvite } from './revoke-invite';

const TAG = 'Guild invites';

/** A guild's links in the admin console: whoever may open Guild Management (and so the guild's data view). */
const adminInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, GUILD_MANAGEMENT_ACCESS);
  const { db } = app.services;
  const managerOf = (request: FastifyRequest): InviteManager => ({
    actor: adminActor(adminSessionOf(request).admin),
    ip: request.ip,
  });

  app.route({
    ...contractRoute(adminGuildInvitesApi.list, TAG),
    handler: async (request) => ({ success: true as const, ...(await listInvites(db, request.params.id, request.query)) }),
  });

  app.route({
    ...contractRoute(adminGuildInvitesApi.create, TAG),
    handler: async (request) => {
      const created = await createInvite(db, {
        tenantId: request.params.id,
        input: request.body,
        manager: managerOf(request),
        publicUrl: app.community.settings.publicUrl,
      });
      return { success: true as const, message: GUILD_INVITE_MESSAGES.created, ...created };
    },
  });

  app.route({
    ...contractRoute(adminGuildInvitesApi.revoke, TAG),
    handler: async (request) => {
      const invite = await revokeInvite(db, {
        tenantId: request.params.id,
        inviteId: request.params.inviteId,
        manager: managerOf(request),
      });
      return { success: true as const, message: GUILD_INVITE_MESSAGES.revoked, invite };
    },
  });
};

/** The selected guild's links for its officers: GUILD_ABILITIES.inviteMembers in the guild of X-Guild-ID. */
const officerInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(GUILD_ABILITIES.inviteMembers));
  const { db } = app.services;
  // Every guild a member can select has its tenant (loadGuildAccess makes one); this guards the type.
  const tenantOf = (request: FastifyRequest) => {
    const { tenantId } = guildScopeOf(request);
    if (!tenantId) throw new AppError('GUILD_NOT_AVAILABLE');
    return tenantId;
  };
  const managerOf = (request: FastifyRequest): InviteManager => {
    const { user } = communityPrincipalOf(request);
    return { actor: { type: 'user', id: user.id, name: user.global_name ?? user.username }, ip: request.ip };
  };

  app.route({
    ...contractRoute(guildInvitesApi.list, TAG),
    handler: async (request) => ({ success: true as const, ...(await listInvites(db, tenantOf(request), request.query)) }),
  });

  app.route({
    ...contractRoute(guildInvitesApi.create, TAG),
    handler: async (request) => {
      const created = await createInvite(db, {
        tenantId: tenantOf(request),
        input: request.body,
        manager: managerOf(request),
        publicUrl: app.community.settings.publicUrl,
      });
      return { success: true as const, message: GUILD_INVITE_MESSAGES.created, ...created };
    },
  });

  app.route({
    ...contractRoute(guildInvitesApi.revoke, TAG),
    handler: async (request) => {
      const invite = await revokeInvite(db, {
        tenantId: tenantOf(request),
        inviteId: request.params.inviteId,
        manager: managerOf(request),
      });
      return { success: true as const, message: GUILD_INVITE_MESSAGES.revoked, invite };
    },
  });
};

/** The join page: anyone reads a code; a signed-in community user accepts it. */
const joinRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  // Reading and accepting codes share one budget per address.
  const limitCodeLookups = (request: FastifyRequest) =>
    enforceRateLimit(app.hitCounter, `invite-code:ip:${request.ip}`, app.community.settings.rateLimits.inviteCodePerIp);

  app.route({
    ...contractRoute(inviteJoinApi.read, TAG),
    handler: async (request) => {
      await limitCodeLookups(request);
      return { success: true as const, ...(await readInvite(db, request.params.code)) };
    },
  });

  app.route({
    ...contractRoute(inviteJoinApi.accept, TAG),
    onRequest: requireCommunityUser,
    handler: async (request) => {
      await limitCodeLookups(request);
      const { user } = communityPrincipalOf(request);
      const accepted = await acceptInvite({ db, kit: app.community }, { user, code: request.params.code, ip: request.ip });
      return { success: true as const, ...accepted, selectedGuildId: accepted.guild.id };
    },
  });
};

/** Guild invite links: managed by admins and officers, opened and accepted on the join page. */
export const guildInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminInviteRoutes);
  await app.register(officerInviteRoutes);
  await app.register(joinRoutes);
};
