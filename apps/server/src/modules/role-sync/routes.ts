import { GUILD_ABILITIES, ROLE_SYNC_MESSAGES, roleSyncApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { planRoleSync } from './plan-role-sync';
import { readRoleSync } from './read-role-sync';
import { roleSyncDepsOf } from './role-sync-deps';
import { saveRoleSync } from './save-role-sync';
import { startRoleSync } from './start-role-sync';
import { roleSyncJob } from './sync-roles';

const TAG = 'Role sync';

/**
 * Role sync of the selected guild (issue 33): Discord roles kept in step with the roster. Giving and taking members'
 * roles is managing them: every call needs guild.manage_members.
 */
export const roleSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = roleSyncDepsOf(app);
  app.jobs.register(roleSyncJob(deps));
  app.addHook('onRequest', requireGuild(GUILD_ABILITIES.manageRoleSync));
  app.route({
    ...contractRoute(roleSyncApi.read, TAG),
    handler: async (request) => ({ success: true as const, roleSync: await readRoleSync(deps, guildMemberOf(request)) }),
  });
  app.route({
    ...contractRoute(roleSyncApi.save, TAG),
    handler: async (request) => {
      const officer = guildMemberOf(request);
      await saveRoleSync(deps, officer, request.body);
      return { success: true as const, message: ROLE_SYNC_MESSAGES.saved, roleSync: await readRoleSync(deps, officer) };
    },
  });
  app.route({
    ...contractRoute(roleSyncApi.preview, TAG),
    handler: async (request) => ({ success: true as const, ...(await planRoleSync(deps, guildMemberOf(request))) }),
  });
  app.route({
    ...contractRoute(roleSyncApi.run, TAG),
    handler: async (request, reply) => {
      const { isQueued, run } = await startRoleSync(deps, guildMemberOf(request));
      reply.status(202);
      return {
        success: true as const,
        message: isQueued ? ROLE_SYNC_MESSAGES.started : ROLE_SYNC_MESSAGES.alreadyRunning,
        lastRun: run,
      };
    },
  });
};
