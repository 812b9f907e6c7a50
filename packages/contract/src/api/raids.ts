import { z } from 'zod';
import { GUILD_HEADER } from '../community-constants';
import { ISO_DATE_PATTERN, WALL_TIME_PATTERN } from '../raid-times';
import { RAID_DIFFICULTIES, RAID_LIMITS, RAID_MESSAGES, RAID_ROLES, SERIES_SCOPES, SIGNUP_STATUSES } from '../raids';
import { endpoint } from './common';

const ok = z.literal(true);
const instant = z.iso.datetime({ offset: true });
const seatCount = z
  .number({ error: RAID_MESSAGES.seatsWhole })
  .int(RAID_MESSAGES.seatsWhole)
  .min(0, RAID_MESSAGES.seatsNegative)
  .max(RAID_LIMITS.maxSize, RAID_MESSAGES.seatsOverSize);
const raidSize = z
  .number({ error: RAID_MESSAGES.size })
  .int(RAID_MESSAGES.size)
  .min(1, RAID_MESSAGES.size)
  .max(RAID_LIMITS.maxSize, RAID_MESSAGES.size);
const raidName = z.string().trim().min(1, RAID_MESSAGES.nameRequired).max(RAID_LIMITS.nameLength);
const instanceName = z.string().trim().min(1, RAID_MESSAGES.instanceRequired).max(RAID_LIMITS.nameLength);
const difficulty = z.enum(RAID_DIFFICULTIES, { error: RAID_MESSAGES.difficultyRequired });
const notes = z.string().max(RAID_LIMITS.notesLength);
const wallTime = z.string().regex(WALL_TIME_PATTERN, RAID_MESSAGES.startTime);
const isoDate = z.string().regex(ISO_DATE_PATTERN, RAID_MESSAGES.date);
const duration = z
  .number({ error: RAID_MESSAGES.duration })
  .int(RAID_MESSAGES.duration)
  .min(15, RAID_MESSAGES.duration)
  .max(RAID_LIMITS.maxDurationMinutes, RAID_MESSAGES.duration);
const deadlineMinutes = z
  .number({ error: RAID_MESSAGES.deadlineMinutes })
  .int(RAID_MESSAGES.deadlineMinutes)
  .min(0, RAID_MESSAGES.deadlineMinutes)
  .max(RAID_LIMITS.maxDeadlineMinutes, RAID_MESSAGES.deadlineMinutes);

/** Seats by role: tanks, healers, melee, ranged. */
export const raidSeats = z.object({ tanks: seatCount, healers: seatCount, melee: seatCount, ranged: seatCount });

/** Seats by role as an answer counts them: any number, since more members may answer than a raid has seats. */
const seatCounts = z.object({ tanks: z.number(), healers: z.number(), melee: z.number(), ranged: z.number() });

/** A raid template: what officers plan raids and series from. */
export const raidTemplate = z.object({
  id: z.string(),
  name: z.string(),
  instance: z.string(),
  difficulty: z.enum(RAID_DIFFICULTIES),
  size: z.number(),
  seats: seatCounts,
  startTime: z.string().describe("The usual start, 'HH:MM' in the guild's time zone"),
  durationMinutes: z.number(),
  signupDeadlineMinutes: z.number().describe('How long before the start sign-ups close'),
  notes: z.string(),
  updatedAt: z.string(),
});
/** A raid template. */
export type RaidTemplate = z.infer<typeof raidTemplate>;

/** The form of a template (create, or replace). */
export const raidTemplateBody = z.object({
  name: raidName,
  instance: instanceName,
  difficulty,
  size: raidSize,
  seats: raidSeats,
  startTime: wallTime.default('20:00'),
  durationMinutes: duration.default(180),
  signupDeadlineMinutes: deadlineMinutes.default(0),
  notes: notes.default(''),
});
/** A template as the form sends it. */
export type RaidTemplateInput = z.input<typeof raidTemplateBody>;

/** A member's answer as others see it. */
export const raidSignup = z.object({
  userId: z.string(),
  name: z.string(),
  status: z.enum(SIGNUP_STATUSES),
  lateMinutes: z.number().nullable(),
  character: z.object({ id: z.string(), name: z.string(), class: z.string() }).nullable(),
  role: z.enum(RAID_ROLES).nullable(),
  spec: z.string().nullable(),
  comment: z.string(),
  updatedAt: z.string(),
  byAvailability: z.boolean().describe("Answered by the member's standing availability, not by them"),
});
/** One sign-up. */
export type RaidSignup = z.infer<typeof raidSignup>;

/** One raid on the calendar: what it is, when, who leads, the caller's own answer and the seats filled by role. */
export const raidSummary = z.object({
  id: z.string(),
  name: z.string(),
  instance: z.string(),
  difficulty: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  signupDeadline: z.string().nullable(),
  signupsCloseAt: z.string().describe('The deadline, or the start when the raid has none'),
  leader: z.object({ userId: z.string(), name: z.string() }).nullable(),
  size: z.number(),
  seats: seatCounts.describe('Planned seats by role'),
  filled: seatCounts.describe('Seats taken by role: answers Accept and Late (more than planned when oversubscribed)'),
  answers: z.record(z.enum(SIGNUP_STATUSES), z.number()).describe('How many members gave each answer'),
  myAnswer: raidSignup.nullable(),
  notes: z.string(),
  seriesId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().describe('Send it back with an edit: a raid changed since is a conflict'),
});
/** A raid as the calendar lists it. */
export type RaidSummary = z.infer<typeof raidSummary>;

/** One officer change of a raid, as members read it on the raid. */
export const raidHistoryEntry = z.object({
  action: z.string(),
  label: z.string(),
  actor: z.string().nullable(),
  at: z.string(),
  changes: z.array(z.string()).describe('Which fields changed'),
  reason: z.string().nullable(),
  scope: z.enum(SERIES_SCOPES).nullable(),
});
/** A history entry. */
export type RaidHistoryEntry = z.infer<typeof raidHistoryEntry>;

/** A character of the caller's they may sign up with: linked or claimed in this guild. */
export const ownCharacter = z.object({
  id: z.string(),
  name: z.string(),
  realm: z.string(),
  class: z.string(),
  spec: z.string().nullable(),
  role: z.string().nullable(),
  isPrimary: z.boolean(),
});
/** One of the caller's characters. */
export type OwnCharacter = z.infer<typeof ownCharacter>;

/** The calendar's range: raids starting from `from` up to `to` (at most RAID_LIMITS.maxRangeDays). */
export const raidCalendarQuery = z
  .object({ from: instant, to: instant })
  .refine((range) => Date.parse(range.to) > Date.parse(range.from), { message: RAID_MESSAGES.rangeOrder, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= RAID_LIMITS.maxRangeDays * 864e5, {
    message: RAID_MESSAGES.rangeTooLong,
    path: ['to'],
  });

/** How the calendar page shows raids: a list of days, a month grid, or a week. */
export const RAID_CALENDAR_VIEWS = ['list', 'month', 'week'] as const;
/** A calendar view. */
export type RaidCalendarView = (typeof RAID_CALENDAR_VIEWS)[number];

/**
 * The calendar page's URL (/raids?view=month&date=2026-12-01): the view, and a day of the period shown (the list's
 * first day, a day of the month or of the week); today when absent.
 */
export const raidCalendarPageQuery = z.object({
  view: z.enum(RAID_CALENDAR_VIEWS).default('list'),
  date: isoDate.optional(),
});

const plannedFields = {
  name: raidName.optional(),
  instance: instanceName.optional(),
  difficulty: difficulty.optional(),
  size: raidSize.optional(),
  seats: raidSeats.optional(),
  notes: notes.optional(),
  leaderUserId: z.uuid().nullable().optional().describe('The leader; the planning officer when left out'),
};

/** A new raid: from a template (whose values fill what is left out) or written out. */
export const createRaidBody = z.object({
  templateId: z.uuid().optional(),
  ...plannedFields,
  startsAt: instant,
  endsAt: instant.optional().describe("The template's length after the start when left out"),
  signupDeadline: instant.nullable().optional(),
});
/** A new raid as the form sends it. */
export type CreateRaidInput = z.input<typeof createRaidBody>;

/** A weekly series: on the chosen weekdays at a time of the guild's zone, until a date or for a number of raids. */
export const createSeriesBody = z
  .object({
    templateId: z.uuid().optional(),
    ...plannedFields,
    firstDate: isoDate,
    weekdays: z
      .array(z.number().int().min(0).max(6), { error: RAID_MESSAGES.noWeekdays })
      .min(1, RAID_MESSAGES.noWeekdays)
      .max(7),
    startTime: wallTime.optional(),
    durationMinutes: duration.optional(),
    signupDeadlineMinutes: deadlineMinutes.optional(),
    untilDate: isoDate.optional(),
    count: z.number().int().min(1).max(RAID_LIMITS.maxSeriesRaids).optional(),
  })
  .refine((body) => (body.untilDate === undefined) !== (body.count === undefined), {
    message: RAID_MESSAGES.seriesEnd,
    path: ['untilDate'],
  })
  .refine((body) => body.untilDate === undefined || body.untilDate >= body.firstDate, {
    message: RAID_MESSAGES.untilBeforeFirst,
    path: ['untilDate'],
  });
/** A new series as the form sends it. */
export type CreateSeriesInput = z.input<typeof createSeriesBody>;

/** An edit of a raid, or of its series from it ("this", "this and following", "all"), against the version read. */
export const updateRaidBody = z.object({
  version: z.number().int().min(1),
  scope: z.enum(SERIES_SCOPES).default('this'),
  ...plannedFields,
  startsAt: instant.optional(),
  endsAt: instant.nullable().optional(),
  signupDeadline: instant.nullable().optional(),
});
/** A raid edit as the form sends it. */
export type UpdateRaidInput = z.input<typeof updateRaidBody>;

/** Cancelling a raid: the reason everyone signed up sees. */
export const cancelRaidBody = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, RAID_MESSAGES.cancelReason).max(RAID_LIMITS.reasonLength),
});

/** A member's answer: status, Late's minutes, which character and role, a comment. */
export const signupBody = z.object({
  status: z.enum(SIGNUP_STATUSES),
  lateMinutes: z
    .number({ error: RAID_MESSAGES.lateMinutes })
    .int(RAID_MESSAGES.lateMinutes)
    .min(1, RAID_MESSAGES.lateMinutes)
    .max(RAID_LIMITS.maxLateMinutes, RAID_MESSAGES.lateMinutes)
    .nullable()
    .optional(),
  characterId: z.uuid().nullable().optional(),
  role: z.enum(RAID_ROLES, { error: RAID_MESSAGES.roleRequired }).nullable().optional(),
  spec: z.string().trim().min(1).max(RAID_LIMITS.specLength).nullable().optional(),
  comment: z.string().trim().max(RAID_LIMITS.commentLength).default(''),
});
/** An answer as the form sends it. */
export type SignupInput = z.input<typeof signupBody>;

const raidParams = z.object({ raidId: z.uuid() });
const templateParams = z.object({ templateId: z.uuid() });
const raidDetail = raidSummary.extend({ signups: z.array(raidSignup), history: z.array(raidHistoryEntry) });
/** A raid with its sign-ups and its history. */
export type RaidDetail = z.infer<typeof raidDetail>;
const guildClock = {
  timeZone: z.string().describe("The guild's time zone (its General setting), the raid's server time"),
  canManage: z.boolean().describe('Whether the caller holds raids.manage'),
};

/** Raids of the selected guild (X-Guild-ID): the calendar and sign-ups for members, planning for raids.manage. */
export const raidsApi = {
  calendar: endpoint({
    method: 'GET',
    path: '/api/guild/raids',
    summary: `Raids of the selected guild (${GUILD_HEADER}) starting in a range, with the caller's answers`,
    query: raidCalendarQuery,
    response: z.object({ success: ok, ...guildClock, raids: z.array(raidSummary) }),
  }),
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raids/:raidId',
    summary: 'One raid with its sign-ups and the history of its officer changes',
    params: raidParams,
    response: z.object({ success: ok, ...guildClock, raid: raidDetail }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/guild/raids',
    summary: 'Plan a raid, from a template or written out (raids.manage)',
    body: createRaidBody,
    response: z.object({ success: ok, message: z.string(), raid: raidSummary }),
  }),
  createSeries: endpoint({
    method: 'POST',
    path: '/api/guild/raid-series',
    summary: 'Plan a weekly series of raids (raids.manage)',
    body: createSeriesBody,
    response: z.object({ success: ok, message: z.string(), seriesId: z.string(), raids: z.array(raidSummary) }),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/guild/raids/:raidId',
    summary: 'Edit a raid, or its series from it (raids.manage); a stale version is a conflict',
    params: raidParams,
    body: updateRaidBody,
    response: z.object({ success: ok, message: z.string(), raids: z.array(raidSummary) }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/guild/raids/:raidId/cancel',
    summary: 'Cancel a raid with a reason everyone signed up sees (raids.manage)',
    params: raidParams,
    body: cancelRaidBody,
    response: z.object({ success: ok, message: z.string(), raid: raidSummary }),
  }),
  signUp: endpoint({
    method: 'PUT',
    path: '/api/guild/raids/:raidId/signup',
    summary: "Answer a raid, or change the caller's answer, until its deadline",
    params: raidParams,
    body: signupBody,
    response: z.object({ success: ok, message: z.string(), raid: raidSummary }),
  }),
  withdraw: endpoint({
    method: 'DELETE',
    path: '/api/guild/raids/:raidId/signup',
    summary: "Withdraw the caller's answer, until the deadline",
    params: raidParams,
    response: z.object({ success: ok, message: z.string(), raid: raidSummary }),
  }),
  ownCharacters: endpoint({
    method: 'GET',
    path: '/api/guild/my-characters',
    summary: "The caller's characters in the selected guild (linked or claimed), to sign up with",
    response: z.object({ success: ok, characters: z.array(ownCharacter) }),
  }),
} as const;

/** The selected guild's raid templates (raids.manage). */
export const raidTemplatesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/guild/raid-templates',
    summary: "The selected guild's raid templates by name",
    response: z.object({ success: ok, templates: z.array(raidTemplate) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/guild/raid-templates',
    summary: 'Create a raid template',
    body: raidTemplateBody,
    response: z.object({ success: ok, message: z.string(), template: raidTemplate }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/guild/raid-templates/:templateId',
    summary: 'Replace a raid template',
    params: templateParams,
    body: raidTemplateBody,
    response: z.object({ success: ok, message: z.string(), template: raidTemplate }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/guild/raid-templates/:templateId',
    summary: 'Delete a raid template (raids planned from it keep their values)',
    params: templateParams,
    response: z.object({ success: ok, message: z.string() }),
  }),
} as const;
