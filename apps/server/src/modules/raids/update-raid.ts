import {
  addDays,
  RAID_MESSAGES,
  type RaidSummary,
  type SeriesScope,
  type UpdateRaidInput,
  zonedParts,
  zonedTimeToUtc,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { publishRaidChange } from './open-raid';
import { checkLeader, checkPlan, refuse } from './plan-raid';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import { lockRaid, lockSeriesRaids, type RaidPlanRow, type RaidPlanValues, updateRaidPlan } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { raidSummaries } from './read-raid';

/** An edit as the contract parsed it (the scope defaulted). */
type RaidEdit = Omit<UpdateRaidInput, 'scope'> & { scope: SeriesScope };

/** What a stored raid is planned with. */
const valuesOf = (row: RaidPlanRow): RaidPlanValues => ({
  name: row.name,
  instance: row.instance,
  difficulty: row.difficulty,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  signupDeadline: row.signup_deadline,
  size: row.size,
  tanks: row.tanks,
  healers: row.healers,
  melee: row.melee,
  ranged: row.ranged,
  notes: row.notes,
  leaderUserId: row.leader_user_id,
});

const time = (value: Date | null) => value?.getTime() ?? null;
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The names of what differs between two plans, as the history shows them. */
function changedFields(before: RaidPlanValues, after: RaidPlanValues): string[] {
  const changes: string[] = [];
  for (const key of ['name', 'instance', 'difficulty', 'size', 'notes', 'leaderUserId'] as const) {
    if (before[key] !== after[key]) changes.push(key === 'leaderUserId' ? 'leader' : key);
  }
  if (['tanks', 'healers', 'melee', 'ranged'].some((k) => before[k as 'tanks'] !== after[k as 'tanks'])) changes.push('seats');
  if (time(before.startsAt) !== time(after.startsAt)) changes.push('start');
  if (time(before.endsAt) !== time(after.endsAt)) changes.push('end');
  if (time(before.signupDeadline) !== time(after.signupDeadline)) changes.push('signupDeadline');
  return changes;
}

/**
 * The edited raid's new plan: what the form sets, over what is stored. A start moved without a new end or deadline
 * takes them along: the raid keeps its length, and sign-ups close as long before it as they did.
 */
function editedPlan(row: RaidPlanRow, edit: RaidEdit): RaidPlanValues {
  const stored = valuesOf(row);
  const startsAt = edit.startsAt ? new Date(edit.startsAt) : stored.startsAt;
  const keepDistance = (value: Date | null) =>
    value && new Date(startsAt.getTime() + value.getTime() - stored.startsAt.getTime());
  const seats = edit.seats ?? { tanks: row.tanks, healers: row.healers, melee: row.melee, ranged: row.ranged };
  return {
    name: edit.name ?? stored.name,
    instance: edit.instance ?? stored.instance,
    difficulty: edit.difficulty ?? stored.difficulty,
    size: edit.size ?? stored.size,
    ...seats,
    notes: edit.notes ?? stored.notes,
    leaderUserId: edit.leaderUserId === undefined ? stored.leaderUserId : edit.leaderUserId,
    startsAt,
    endsAt: edit.endsAt === undefined ? keepDistance(stored.endsAt) : dateOrNull(edit.endsAt),
    signupDeadline: edit.signupDeadline === undefined ? keepDistance(stored.signupDeadline) : dateOrNull(edit.signupDeadline),
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 864e5;

/**
 * Another raid of the series, carried along by the edit of one: the fields the form set take the edited raid's new
 * values; a moved start keeps each raid on its own day (shifted by as many days as the edited one moved) at the edited
 * raid's new wall-clock time in the series' zone; the length and the deadline's distance follow the edited raid when
 * the form set them, and stay the raid's own otherwise.
 */
function carriedPlan(
  row: RaidPlanRow,
  edit: RaidEdit,
  anchor: { before: RaidPlanValues; after: RaidPlanValues },
  zone: string,
): RaidPlanValues {
  const own = valuesOf(row);
  let startsAt = own.startsAt;
  if (edit.startsAt) {
    const before = zonedParts(anchor.before.startsAt, zone);
    const after = zonedParts(anchor.after.startsAt, zone);
    const date = addDays(zonedParts(own.startsAt, zone).date, dayNumber(after.date) - dayNumber(before.date));
    startsAt = zonedTimeToUtc(date, after.time, zone);
  }
  const follow = (value: Date | null, ownValue: Date | null, fromAnchor: boolean) => {
    const reference = fromAnchor ? value : ownValue;
    if (!reference) return null;
    const distance = reference.getTime() - (fromAnchor ? anchor.after.startsAt : own.startsAt).getTime();
    return new Date(startsAt.getTime() + distance);
  };
  const pick = <K extends keyof RaidPlanValues>(key: K, isSet: boolean) => (isSet ? anchor.after[key] : own[key]);
  return {
    name: pick('name', edit.name !== undefined),
    instance: pick('instance', edit.instance !== undefined),
    difficulty: pick('difficulty', edit.difficulty !== undefined),
    size: pick('size', edit.size !== undefined),
    tanks: pick('tanks', edit.seats !== undefined),
    healers: pick('healers', edit.seats !== undefined),
    melee: pick('melee', edit.seats !== undefined),
    ranged: pick('ranged', edit.seats !== undefined),
    notes: pick('notes', edit.notes !== undefined),
    leaderUserId: pick('leaderUserId', edit.leaderUserId !== undefined),
    startsAt,
    endsAt: follow(anchor.after.endsAt, own.endsAt, edit.endsAt !== undefined),
    signupDeadline: follow(anchor.after.signupDeadline, own.signupDeadline, edit.signupDeadline !== undefined),
  };
}

/**
 * Edits a raid of the member's guild, or its series from it: "this" raid, "following" (it and the series' later raids)
 * or "all" raids of the series, cancelled ones aside. The edit names the version it was made on: when the raid changed
 * since (another officer saved first), it is refused with a conflict and nothing is written. The raids are locked, so
 * two edits at once queue and the second sees the first's version. Each raid changed is audited (raid.updated) with the
 * fields that changed and the scope, which its history shows.
 */
export async function updateRaid(deps: RaidsDeps, member: RaidMember, raidId: string, edit: RaidEdit): Promise<RaidSummary[]> {
  const raids = await deps.db.transaction(async (tx) => {
    const row = await lockRaid(tx, member.guildId, raidId, 'update');
    if (!row) throw AppError.notFound(RAID_MESSAGES.notFound);
    if (row.version !== edit.version) throw new AppError('CONFLICT', RAID_MESSAGES.editConflict);
    if (row.cancelled_at) throw new AppError('CONFLICT', RAID_MESSAGES.cancelledNoEdit);
    if (edit.scope !== 'this' && !row.series_id) refuse({ scope: RAID_MESSAGES.seriesOnly });
    const anchor = { before: valuesOf(row), after: editedPlan(row, edit) };
    const changes = changedFields(anchor.before, anchor.after);
    if (changes.length === 0) refuse({ version: RAID_MESSAGES.noChange });
    checkPlan(anchor.after);
    if (changes.includes('leader')) await checkLeader(tx, member.guildId, anchor.after.leaderUserId);

    const targets =
      edit.scope === 'this' || !row.series_id
        ? [row]
        : await lockSeriesRaids(tx, member.guildId, row.series_id, edit.scope === 'following' ? row.starts_at : null);
    const { timeZone } = await deps.raidSettingsOf(tx, member.guildId);
    const zone = row.series_time_zone ?? timeZone;
    const changed: string[] = [];
    for (const target of targets) {
      const plan = target.id === row.id ? anchor.after : carriedPlan(target, edit, anchor, zone);
      const fields = changedFields(valuesOf(target), plan);
      if (fields.length === 0) continue;
      checkPlan(plan);
      await updateRaidPlan(tx, target.id, plan);
      await auditRaid(tx, member, 'raid.updated', target.id, {
        changes: fields,
        scope: edit.scope,
        seriesId: row.series_id,
        editedRaidId: row.id,
      });
      changed.push(target.id);
    }
    return raidSummaries(tx, member, changed);
  });
  publishRaidChange(
    deps,
    member,
    raids.map((raid) => raid.id),
    'edited',
  );
  return raids;
}
