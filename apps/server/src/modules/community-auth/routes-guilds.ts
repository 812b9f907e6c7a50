import { communityAuthApi, switchedTo } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { contractRoute } from '../../http/contract-route';
import { accountDepsOf } from './account-deps';
import { botInviteUrl, checkGuild } from './bot-install';
import { type GuildAccess, loadGuildAccess, selectedGuildPermissions } from './guild-access';
import { chooseGuild, verifyGuilds } from './guild-choices';

const TAG = 'Community guilds';

const presentGuildList = (access: GuildAccess) => ({
  success: true as const,
  guilds: access.guilds.map((g) => g.guild),
  availableGuilds: access.guilds.filter((g) => g.isAvailable).map((g) => g.guild),
  selectedGuildId: access.selection.selectedGuildId,
  botStatus: access.selection.botStatus,
});

/** Guild selection, permissions and the bot's installation (spec 1 §4, §6, §7). */
export const guildChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDepsOf(app);
  app.addHook('onRequest', requireCommunityUser);

  app.route({
    ...contractRoute(communityAuthApi.permissions, TAG),
    handler: async (request) => {
      const { user } = communityPrincipalOf(request);
      const access = await loadGuildAccess(deps, user, { allowUnknownBot: true });
      return {
        success: true as const,
        permissions: await selectedGuildPermissions(deps.db, user.id, access),
        requiresGuildSelection: access.selection.requiresGuildSelection,
        selectedGuildId: access.selection.selectedGuildId,
      };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.guilds, TAG),
    handler: async (request) =>
      presentGuildList(await loadGuildAccess(deps, communityPrincipalOf(request).user, { allowUnknownBot: true })),
  });

  app.route({
    ...contractRoute(communityAuthApi.verifyGuilds, TAG),
    handler: async (request) => presentGuildList(await verifyGuilds(deps, communityPrincipalOf(request))),
  });

  app.route({
    ...contractRoute(communityAuthApi.selectGuild, TAG),
    handler: async (request) => {
      const { guildId: discordGuildId } = request.body;
      const { guildName, permissions } = await chooseGuild(deps, communityPrincipalOf(request), discordGuildId);
      return {
        success: true as const,
        guildName,
        selectedGuildId: discordGuildId,
        permissions,
        message: switchedTo(guildName),
      };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.guildCheck, TAG),
    handler: async (request) => {
      const { guildId: discordGuildId } = request.params;
      const answer = await checkGuild(deps, communityPrincipalOf(request), discordGuildId);
      return { success: true as const, guildId: discordGuildId, ...answer };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.botInvite, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await botInviteUrl(deps, communityPrincipalOf(request), request.body)),
    }),
  });
};
