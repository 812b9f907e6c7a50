import { findAdminScreen, GUILD_GRANT_MESSAGES, guildGrantsApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import type { Requester } from '../../core/audit';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { type DiscordRoleDeps, listDiscordRoles } from './discord-roles';
import { grantPermissions } from './grant-permissions';
import { findCommunityUsers, listGrants } from './list-grants';
import { mapDiscordRole } from './map-discord-role';
import { memberPermissions } from './member-permissions';
import { revokeGrant } from './revoke-grant';

const TAG = 'Guild permissions';

const requesterOf = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/**
 * Community permissions per guild on the Permissions screen (settings.edit_permissions or admin.manage_roles):
 * hand-made grants, and Discord roles mapped to guild permissions.
 */
export const guildGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  guardAdminRoutes(app, findAdminScreen('/admin/permissions')!.anyOf);
  const discordDeps = (request: FastifyRequest): DiscordRoleDeps => ({ db, discord: app.services.discord, log: request.log });

  app.route({
    ...contractRoute(guildGrantsApi.list, TAG),
    handler: async (request) => ({ success: true as const, ...(await listGrants(db, request.query)) }),
  });

  app.route({
    ...contractRoute(guildGrantsApi.create, TAG),
    handler: async (request) => {
      const { guildId: tenantId, userId, permissions } = request.body;
      return {
        success: true as const,
        data: await grantPermissions(db, { tenantId, userId, permissions }, requesterOf(request)),
        message: GUILD_GRANT_MESSAGES.granted,
      };
    },
  });

  app.route({
    ...contractRoute(guildGrantsApi.remove, TAG),
    handler: async (request) => {
      await revokeGrant(db, request.params.id, requesterOf(request));
      return { success: true as const, message: GUILD_GRANT_MESSAGES.revoked };
    },
  });

  app.route({
    ...contractRoute(guildGrantsApi.users, TAG),
    handler: async (request) => ({ success: true as const, data: await findCommunityUsers(db, request.query.search) }),
  });

  app.route({
    ...contractRoute(guildGrantsApi.discordRoles, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await listDiscordRoles(discordDeps(request), request.params.guildId)),
    }),
  });

  app.route({
    ...contractRoute(guildGrantsApi.mapDiscordRole, TAG),
    handler: async (request) => {
      const { guildId: tenantId, roleId } = request.params;
      const mapping = { tenantId, roleId, permissions: request.body.permissions };
      const data = await mapDiscordRole(discordDeps(request), mapping, requesterOf(request));
      return { success: true as const, data, message: GUILD_GRANT_MESSAGES.mappingSaved };
    },
  });

  app.route({
    ...contractRoute(guildGrantsApi.memberPermissions, TAG),
    handler: async (request) => {
      const { guildId: tenantId, discordUserId } = request.params;
      return { success: true as const, data: await memberPermissions(discordDeps(request), tenantId, discordUserId) };
    },
  });
};
