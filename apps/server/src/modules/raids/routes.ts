import {
  COMPOSITION_MESSAGES,
  RAID_MESSAGES,
  RAID_REMINDER_MESSAGES,
  RAIDS_MANAGE_PERMISSION,
  raidCompositionApi,
  raidRemindersApi,
  raidsApi,
  raidTemplatesApi,
} from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf, holdsGuildPermission } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { raidAvailabilityRoutes } from './availability-routes';
import { cancelRaid } from './cancel-raid';
import { createRaid } from './create-raid';
import { createSeries } from './create-series';
import { deleteTemplate } from './delete-template';
import { raidFeedRoutes } from './feed-routes';
import { listCalendar } from './list-calendar';
import { listOwnCharacters } from './list-own-characters';
import { listRemindersSent } from './list-reminders-sent';
import { listTemplates } from './list-templates';
import { placeMember } from './place-member';
import { publishComposition } from './publish-composition';
import type { RaidMember } from './raid-member';
import { raidsDepsOf } from './raids-deps';
import { readComposition } from './read-composition';
import { readRaid } from './read-raid';
import { readReminderChoices, saveReminderChoices } from './reminder-choices';
import { saveTemplate } from './save-template';
import { signUp } from './sign-up';
import { updateRaid } from './update-raid';
import { withdrawSignup } from './withdraw-signup';

const TAG = 'Raids';

const memberOf = (request: FastifyRequest): RaidMember => guildMemberOf(request);
const canManage = (request: FastifyRequest) => holdsGuildPermission(request, RAIDS_MANAGE_PERMISSION);

/** What every member with guild.view does: read the calendar and a raid, answer, see their characters. */
const memberRaidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const deps = raidsDepsOf(app);

  app.route({
    ...contractRoute(raidsApi.calendar, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await listCalendar(deps, memberOf(request), request.query)),
      canManage: canManage(request),
    }),
  });

  app.route({
    ...contractRoute(raidsApi.read, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await readRaid(deps, memberOf(request), request.params.raidId)),
      canManage: canManage(request),
    }),
  });

  app.route({
    ...contractRoute(raidCompositionApi.read, TAG),
    handler: async (request) => ({
      success: true as const,
      composition: await readComposition(deps.db, memberOf(request), request.params.raidId, canManage(request)),
    }),
  });

  app.route({
    ...contractRoute(raidsApi.signUp, TAG),
    handler: async (request) => {
      const { raid } = await signUp(deps, memberOf(request), request.params.raidId, request.body);
      return { success: true as const, message: RAID_MESSAGES.signupSaved, raid };
    },
  });

  app.route({
    ...contractRoute(raidsApi.withdraw, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_MESSAGES.signupWithdrawn,
      raid: await withdrawSignup(deps, memberOf(request), request.params.raidId),
    }),
  });

  app.route({
    ...contractRoute(raidRemindersApi.read, TAG),
    handler: async (request) => ({ success: true as const, choices: await readReminderChoices(deps.db, memberOf(request)) }),
  });

  app.route({
    ...contractRoute(raidRemindersApi.save, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_REMINDER_MESSAGES.saved,
      choices: await saveReminderChoices(deps.db, memberOf(request), request.body),
    }),
  });

  app.route({
    ...contractRoute(raidsApi.ownCharacters, TAG),
    handler: async (request) => ({
      success: true as const,
      characters: await listOwnCharacters(deps.db, memberOf(request)),
    }),
  });
};

/** What officers with raids.manage do: plan, edit and cancel raids and series, keep the templates. */
const officerRaidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild([RAIDS_MANAGE_PERMISSION]));
  const deps = raidsDepsOf(app);

  app.route({
    ...contractRoute(raidsApi.create, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_MESSAGES.created,
      raid: await createRaid(deps, memberOf(request), request.body),
    }),
  });

  app.route({
    ...contractRoute(raidsApi.createSeries, TAG),
    handler: async (request) => {
      const created = await createSeries(deps, memberOf(request), request.body);
      return { success: true as const, message: RAID_MESSAGES.seriesCreated(created.raids.length), ...created };
    },
  });

  app.route({
    ...contractRoute(raidsApi.update, TAG),
    handler: async (request) => {
      const raids = await updateRaid(deps, memberOf(request), request.params.raidId, request.body);
      return { success: true as const, message: RAID_MESSAGES.updated(raids.length), raids };
    },
  });

  app.route({
    ...contractRoute(raidsApi.cancel, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_MESSAGES.cancelled,
      raid: await cancelRaid(deps, memberOf(request), request.params.raidId, request.body),
    }),
  });

  app.route({
    ...contractRoute(raidRemindersApi.sent, TAG),
    handler: async (request) => ({
      success: true as const,
      reminders: await listRemindersSent(deps.db, memberOf(request), request.params.raidId),
    }),
  });

  app.route({
    ...contractRoute(raidCompositionApi.place, TAG),
    handler: async (request) => ({
      success: true as const,
      message: COMPOSITION_MESSAGES.placed,
      composition: await placeMember(deps, memberOf(request), request.params.raidId, request.params.userId, request.body),
    }),
  });

  app.route({
    ...contractRoute(raidCompositionApi.publish, TAG),
    handler: async (request) => {
      const composition = await publishComposition(deps, memberOf(request), request.params.raidId, request.body);
      const message = !composition.publishAt
        ? COMPOSITION_MESSAGES.reopened
        : composition.isPublished
          ? COMPOSITION_MESSAGES.published
          : COMPOSITION_MESSAGES.scheduled;
      return { success: true as const, message, composition };
    },
  });

  app.route({
    ...contractRoute(raidTemplatesApi.list, TAG),
    handler: async (request) => ({ success: true as const, templates: await listTemplates(deps.db, memberOf(request)) }),
  });

  app.route({
    ...contractRoute(raidTemplatesApi.create, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_MESSAGES.templateCreated,
      template: await saveTemplate(deps, memberOf(request), null, request.body),
    }),
  });

  app.route({
    ...contractRoute(raidTemplatesApi.update, TAG),
    handler: async (request) => ({
      success: true as const,
      message: RAID_MESSAGES.templateUpdated,
      template: await saveTemplate(deps, memberOf(request), request.params.templateId, request.body),
    }),
  });

  app.route({
    ...contractRoute(raidTemplatesApi.remove, TAG),
    handler: async (request) => {
      await deleteTemplate(deps, memberOf(request), request.params.templateId);
      return { success: true as const, message: RAID_MESSAGES.templateDeleted };
    },
  });
};

/** The raids of the selected guild: the calendar and answers for its members, planning for its officers. */
export const raidRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberRaidRoutes);
  await app.register(officerRaidRoutes);
  await app.register(raidFeedRoutes);
  await app.register(raidAvailabilityRoutes);
};
