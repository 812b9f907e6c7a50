import type { CreateRaidInput, RaidSummary } from '@guildhall/contract';
import { answerNewRaids } from './availability';
import { publishRaidChange } from './open-raid';
import { checkLeader, checkPlan, minutesAfter, minutesBefore, plannedValues, templateOf } from './plan-raid';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { insertRaids, type RaidPlanValues } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { raidSummary } from './read-raid';

/** A raid's length when neither the form nor a template gives one. */
export const DEFAULT_DURATION_MINUTES = 180;

/**
 * Plans one raid in the member's guild, from a template (its values fill what the form leaves out: the end is its
 * length after the start, the deadline its minutes before) or written out. Checked, stored and audited (raid.created)
 * in one transaction; the planning officer leads unless the form names someone.
 */
export async function createRaid(deps: RaidsDeps, member: RaidMember, input: CreateRaidInput): Promise<RaidSummary> {
  const raid = await deps.db.transaction(async (tx) => {
    const template = await templateOf(tx, member.guildId, input.templateId);
    const settings = await deps.raidSettingsOf(tx, member.guildId);
    const startsAt = new Date(input.startsAt);
    const deadlineMinutes = template?.signup_deadline_minutes ?? 0;
    const plan: RaidPlanValues = {
      ...plannedValues(input, template, { size: settings.defaultRaidSize, leaderUserId: member.userId }),
      startsAt,
      endsAt: input.endsAt
        ? new Date(input.endsAt)
        : minutesAfter(startsAt, template?.duration_minutes ?? DEFAULT_DURATION_MINUTES),
      signupDeadline:
        input.signupDeadline !== undefined
          ? input.signupDeadline === null
            ? null
            : new Date(input.signupDeadline)
          : deadlineMinutes > 0
            ? minutesBefore(startsAt, deadlineMinutes)
            : null,
    };
    checkPlan(plan);
    await checkLeader(tx, member.guildId, plan.leaderUserId);
    const [raidId] = await insertRaids(
      tx,
      { guildId: member.guildId, createdBy: member.userId, seriesId: null, templateId: template?.id ?? null },
      [plan],
    );
    await answerNewRaids(tx, member.guildId, [raidId!]);
    await auditRaid(tx, member, 'raid.created', raidId!, {
      name: plan.name,
      startsAt: plan.startsAt.toISOString(),
      templateId: template?.id ?? null,
    });
    return raidSummary(tx, member, raidId!);
  });
  publishRaidChange(deps, member, [raid.id], 'planned');
  return raid;
}
