import { GUILD_ABILITIES, ROLE_SYNC_MESSAGES, roleSyncApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import { planRoleSync } from './plan-role-sync';
import { selectRoleSync } from './queries';
import { presentRun, readRoleSync } from './read-role-sync';
import { roleSyncDepsOf } from './role-sync-deps';
import { saveRoleSync } from './save-role-sync';
import { queueRoleSync, roleSyncJob } from './sync-roles';

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
      const officer = guildMemberOf(request);
      if (!(await selectRoleSync(deps.db, officer.guildId))?.is_enabled)
        throw new AppError('CONFLICT', ROLE_SYNC_MESSAGES.notEnabled);
      const queued = await queueRoleSync(deps, officer.guildId, officer.requester);
      const state = queued ? null : await readRoleSync(deps, officer);
      const run = queued ? presentRun(queued) : state?.lastRun;
      if (!run) throw new AppError('CONFLICT', ROLE_SYNC_MESSAGES.alreadyRunning);
      reply.status(202);
      return {
        success: true as const,
        message: queued ? ROLE_SYNC_MESSAGES.started : ROLE_SYNC_MESSAGES.alreadyRunning,
        lastRun: run,
      };
    },
  });
};
