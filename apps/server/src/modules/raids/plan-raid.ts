import { RAID_MESSAGES, type RaidSeats, seatProblems } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { isGuildMember, type RaidPlanValues } from './raid-queries';
import { findTemplate, type TemplateRow } from './template-queries';

// How a raid's plan is put together from a form, a template and the guild's defaults, and checked before it is
// written: by a new raid, a new series and an edit alike.

/** What a form may set of a plan; what it leaves out comes from the template, the raid, or the defaults. */
export interface PlannedInput {
  name?: string;
  instance?: string;
  difficulty?: string;
  size?: number;
  seats?: RaidSeats;
  notes?: string;
  leaderUserId?: string | null;
}

/** A refusal of bad input: the first problem as the message, every problem by field. */
export function refuse(fields: Record<string, string>): never {
  throw new AppError('VALIDATION_FAILED', Object.values(fields)[0] ?? RAID_MESSAGES.noChange, { fields });
}

/** The guild's template a form names, or null when it names none; an unknown one is bad input (400). */
export async function templateOf(db: Queryable, guildId: string, templateId: string | undefined): Promise<TemplateRow | null> {
  if (!templateId) return null;
  const template = await findTemplate(db, guildId, templateId);
  if (!template) refuse({ templateId: RAID_MESSAGES.templateNotFound });
  return template;
}

/** Name, instance, difficulty, size, seats, notes and leader: the form's, else the template's, else the defaults. */
export function plannedValues(
  input: PlannedInput,
  template: TemplateRow | null,
  defaults: { size: number; leaderUserId: string },
): Omit<RaidPlanValues, 'startsAt' | 'endsAt' | 'signupDeadline'> {
  const problems: Record<string, string> = {};
  const name = input.name ?? template?.name;
  const instance = input.instance ?? template?.instance;
  const difficulty = input.difficulty ?? template?.difficulty;
  if (!name) problems.name = RAID_MESSAGES.nameRequired;
  if (!instance) problems.instance = RAID_MESSAGES.instanceRequired;
  if (!difficulty) problems.difficulty = RAID_MESSAGES.difficultyRequired;
  if (Object.keys(problems).length > 0) refuse(problems);
  const seats = input.seats ?? (template ? template : { tanks: 0, healers: 0, melee: 0, ranged: 0 });
  return {
    name: name!,
    instance: instance!,
    difficulty: difficulty!,
    size: input.size ?? template?.size ?? defaults.size,
    tanks: seats.tanks,
    healers: seats.healers,
    melee: seats.melee,
    ranged: seats.ranged,
    notes: input.notes ?? template?.notes ?? '',
    leaderUserId: input.leaderUserId === undefined ? defaults.leaderUserId : input.leaderUserId,
  };
}

/** Refuses a plan that cannot be: an end not after the start, a deadline after it, seats that do not fit. */
export function checkPlan(plan: RaidPlanValues): void {
  const problems: Record<string, string> = {};
  if (plan.endsAt && plan.endsAt <= plan.startsAt) problems.endsAt = RAID_MESSAGES.endBeforeStart;
  if (plan.signupDeadline && plan.signupDeadline > plan.startsAt) problems.signupDeadline = RAID_MESSAGES.deadlineAfterStart;
  const { tanks, healers, melee, ranged } = plan;
  Object.assign(problems, seatProblems(plan.size, { tanks, healers, melee, ranged }));
  if (Object.keys(problems).length > 0) refuse(problems);
}

/** Refuses a leader who is not a member of the guild (none is fine). */
export async function checkLeader(db: Queryable, guildId: string, leaderUserId: string | null): Promise<void> {
  if (leaderUserId && !(await isGuildMember(db, guildId, leaderUserId))) {
    refuse({ leaderUserId: RAID_MESSAGES.leaderNotMember });
  }
}

/** A time some minutes before another. */
export const minutesBefore = (time: Date, minutes: number) => new Date(time.getTime() - minutes * 60_000);
/** A time some minutes after another. */
export const minutesAfter = (time: Date, minutes: number) => new Date(time.getTime() + minutes * 60_000);
