import { RAIDS_MANAGE_PERMISSION, ROSTER_MESSAGES, rosterApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf, holdsGuildPermission } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { listRoster } from './list-roster';
import { markMember, setMain } from './mark-member';

const TAG = 'Roster';

/** The roster every member with guild.view reads. */
const memberRosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const db = app.services.db;
  app.route({
    ...contractRoute(rosterApi.list, TAG),
    handler: async (request) => {
      const canManage = holdsGuildPermission(request, RAIDS_MANAGE_PERMISSION);
      return {
        success: true as const,
        ...(await listRoster(db, guildMemberOf(request), request.query, canManage)),
        canManage,
      };
    },
  });
};

/** The marks officers with raids.manage set: mains, trials, inactive members. */
const officerRosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild([RAIDS_MANAGE_PERMISSION]));
  const db = app.services.db;
  app.route({
    ...contractRoute(rosterApi.mark, TAG),
    handler: async (request) => {
      const officer = guildMemberOf(request);
      await markMember(db, officer, request.params.memberId, request.body);
      app.bus.publish({ type: 'roster.marked', guildId: officer.guildId, memberId: request.params.memberId });
      return { success: true as const, message: ROSTER_MESSAGES.marked };
    },
  });
  app.route({
    ...contractRoute(rosterApi.setMain, TAG),
    handler: async (request) => {
      const name = await setMain(db, guildMemberOf(request), request.params.characterId);
      return { success: true as const, message: ROSTER_MESSAGES.mainSet(name) };
    },
  });
};

/** The selected guild's roster. */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberRosterRoutes);
  await app.register(officerRosterRoutes);
};
