import { ATTENDANCE_MESSAGES, RAIDS_MANAGE_PERMISSION, raidAttendanceApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf, holdsGuildPermission } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { ownStanding } from './attendance-rule';
import { correctAttendance } from './correct-attendance';
import { readRaidAttendance } from './read-attendance';
import { takeAttendance } from './take-attendance';

const TAG = 'Raids';

/** What every member reads: a raid's attendance, and their own rate against the guild's rule. */
const memberAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const db = app.services.db;

  app.route({
    ...contractRoute(raidAttendanceApi.read, TAG),
    handler: async (request) => ({
      success: true as const,
      attendance: await readRaidAttendance(db, guildMemberOf(request).guildId, request.params.raidId),
      canManage: holdsGuildPermission(request, RAIDS_MANAGE_PERMISSION),
    }),
  });

  app.route({
    ...contractRoute(raidAttendanceApi.mine, TAG),
    handler: async (request) => {
      const member = guildMemberOf(request);
      return { success: true as const, ...(await ownStanding(db, member.guildId, member.userId)) };
    },
  });
};

/** What officers with raids.manage do: take the attendance now, correct a record. */
const officerAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild([RAIDS_MANAGE_PERMISSION]));
  const db = app.services.db;

  app.route({
    ...contractRoute(raidAttendanceApi.take, TAG),
    handler: async (request) => {
      const { count, attendance } = await takeAttendance(db, guildMemberOf(request), request.params.raidId);
      return { success: true as const, message: ATTENDANCE_MESSAGES.taken(count), attendance };
    },
  });

  app.route({
    ...contractRoute(raidAttendanceApi.correct, TAG),
    handler: async (request) => ({
      success: true as const,
      message: ATTENDANCE_MESSAGES.corrected,
      attendance: await correctAttendance(
        db,
        guildMemberOf(request),
        request.params.raidId,
        request.params.characterId,
        request.body,
      ),
    }),
  });
};

/** Raid attendance of the selected guild: read by its members, taken and corrected by its officers. */
export const raidAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberAttendanceRoutes);
  await app.register(officerAttendanceRoutes);
};
