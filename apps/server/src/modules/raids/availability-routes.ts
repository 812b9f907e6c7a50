import { RAID_AVAILABILITY_MESSAGES, raidAvailabilityApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { addAbsence, readAvailability, removeAbsence } from './availability';
import { raidsDepsOf } from './raids-deps';
import { saveAvailability } from './save-availability';

const TAG = 'Raids';

/** A member's own standing availability in the selected guild: raid days and absences (any member with guild.view). */
export const raidAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const deps = raidsDepsOf(app);

  app.route({
    ...contractRoute(raidAvailabilityApi.read, TAG),
    handler: async (request) => ({ success: true as const, ...(await readAvailability(deps.db, guildMemberOf(request))) }),
  });

  app.route({
    ...contractRoute(raidAvailabilityApi.save, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await saveAvailability(deps, guildMemberOf(request), request.body)),
    }),
  });

  app.route({
    ...contractRoute(raidAvailabilityApi.addAbsence, TAG),
    handler: async (request) => {
      const saved = await addAbsence(deps, guildMemberOf(request), request.body);
      return { success: true as const, message: RAID_AVAILABILITY_MESSAGES.absenceSaved(saved.answered), ...saved };
    },
  });

  app.route({
    ...contractRoute(raidAvailabilityApi.removeAbsence, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_AVAILABILITY_MESSAGES.absenceRemoved,
      ...(await removeAbsence(deps, guildMemberOf(request), request.params.absenceId)),
    }),
  });
};
