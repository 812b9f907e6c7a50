import { CONFIG_MESSAGES, communityGuildConfigApi, hasAnyGuildPermission } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPrincipalOf } from '../../auth/community-user';
import { guildScopeOf, requireGuild } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import type { ConfigEditor } from './guild-config-deps';
import { readGuildSettings } from './read-guild-settings';
import { secretBoxOf } from './secret-box';
import { updateGuildCategory } from './update-guild-category';

const TAG = 'Community guild configuration';

/** The guild's row of the selected Discord guild (its tenant); every guild a member can select has one. */
const tenantOf = (request: FastifyRequest): string => {
  const { tenantId } = guildScopeOf(request);
  if (!tenantId) throw new AppError('GUILD_NOT_AVAILABLE');
  return tenantId;
};

const editorOf = (request: FastifyRequest): ConfigEditor => {
  const { user } = communityPrincipalOf(request);
  return { actor: { type: 'user', id: user.id, name: user.global_name ?? user.username }, ip: request.ip };
};

/** A member's own guild configuration on /settings (X-Guild-ID): settings.view reads, guild.manage_settings writes. */
export const communityGuildConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const secrets = secretBoxOf(app);

  app.route({
    ...contractRoute(communityGuildConfigApi.settings, TAG),
    onRequest: requireGuild(['settings.view', 'guild.manage_settings']),
    handler: async (request) => {
      const { permissions } = guildScopeOf(request);
      return {
        success: true as const,
        ...(await readGuildSettings(db, tenantOf(request), request.query.category)),
        canEdit: hasAnyGuildPermission(permissions, ['guild.manage_settings']),
      };
    },
  });

  app.route({
    ...contractRoute(communityGuildConfigApi.update, TAG),
    onRequest: requireGuild(['guild.manage_settings']),
    handler: async (request) => ({
      success: true as const,
      category: await updateGuildCategory(
        db,
        secrets,
        tenantOf(request),
        request.body.category,
        request.body.settings,
        editorOf(request),
      ),
      message: CONFIG_MESSAGES.saved,
    }),
  });
};
