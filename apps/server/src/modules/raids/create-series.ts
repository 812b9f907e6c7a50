import {
  type CreateSeriesInput,
  RAID_LIMITS,
  RAID_MESSAGES,
  type RaidSummary,
  seriesDates,
  zonedTimeToUtc,
} from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import { answerNewRaids } from './availability';
import { DEFAULT_DURATION_MINUTES } from './create-raid';
import { publishRaidChange } from './open-raid';
import { checkLeader, checkPlan, minutesAfter, minutesBefore, plannedValues, refuse, templateOf } from './plan-raid';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { insertRaids, insertSeries, type RaidPlanValues } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { raidSummaries } from './read-raid';

/**
 * Plans a weekly series in the member's guild: a raid on each chosen weekday from the first date until the last date or
 * for the count (at most RAID_LIMITS.maxSeriesRaids), each starting at the same wall-clock time of the guild's time zone
 * (the UTC instant moves with daylight saving, the local start does not). The series keeps the zone it was planned in.
 * One transaction; the series and each raid are audited.
 */
export async function createSeries(
  deps: RaidsDeps,
  member: RaidMember,
  input: CreateSeriesInput,
): Promise<{ seriesId: string; raids: RaidSummary[] }> {
  const created = await deps.db.transaction(async (tx) => {
    const template = await templateOf(tx, member.guildId, input.templateId);
    const settings = await deps.raidSettingsOf(tx, member.guildId);
    const end = input.count !== undefined ? { count: input.count } : { untilDate: input.untilDate! };
    const dates = seriesDates(input.firstDate, input.weekdays, end, RAID_LIMITS.maxSeriesRaids);
    if (dates.length === 0) refuse({ weekdays: RAID_MESSAGES.seriesEmpty });
    const startTime = input.startTime ?? template?.start_time ?? '20:00';
    const duration = input.durationMinutes ?? template?.duration_minutes ?? DEFAULT_DURATION_MINUTES;
    const deadlineMinutes = input.signupDeadlineMinutes ?? template?.signup_deadline_minutes ?? 0;
    const values = plannedValues(input, template, { size: settings.defaultRaidSize, leaderUserId: member.userId });
    const plans = dates.map((date): RaidPlanValues => {
      const startsAt = zonedTimeToUtc(date, startTime, settings.timeZone);
      return {
        ...values,
        startsAt,
        endsAt: minutesAfter(startsAt, duration),
        signupDeadline: deadlineMinutes > 0 ? minutesBefore(startsAt, deadlineMinutes) : null,
      };
    });
    checkPlan(plans[0]!);
    await checkLeader(tx, member.guildId, values.leaderUserId);
    const seriesId = await insertSeries(tx, {
      guildId: member.guildId,
      templateId: template?.id ?? null,
      weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
      startTime,
      timeZone: settings.timeZone,
      firstDate: input.firstDate,
      untilDate: input.untilDate ?? null,
      count: input.count ?? null,
      createdBy: member.userId,
    });
    const raidIds = await insertRaids(
      tx,
      { guildId: member.guildId, createdBy: member.userId, seriesId, templateId: template?.id ?? null },
      plans,
    );
    await answerNewRaids(tx, member.guildId, raidIds);
    await recordAudit(tx, {
      actor: member.requester.actor,
      action: 'raid_series.created',
      target: { type: 'raid_series', id: seriesId },
      details: {
        guildId: member.guildId,
        name: values.name,
        weekdays: input.weekdays,
        startTime,
        timeZone: settings.timeZone,
        firstDate: input.firstDate,
        untilDate: input.untilDate ?? null,
        count: input.count ?? null,
        raids: raidIds.length,
      },
      ip: member.requester.ip,
    });
    for (const [index, raidId] of raidIds.entries()) {
      await auditRaid(tx, member, 'raid.created', raidId, {
        name: values.name,
        startsAt: plans[index]!.startsAt.toISOString(),
        seriesId,
        templateId: template?.id ?? null,
      });
    }
    return { seriesId, raids: await raidSummaries(tx, member, raidIds) };
  });
  publishRaidChange(
    deps,
    member,
    created.raids.map((raid) => raid.id),
    'planned',
  );
  return created;
}
