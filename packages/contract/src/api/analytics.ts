import { z } from 'zod';
import { LINK_TYPES } from '../characters';
import { REGIONS } from '../constants';
import { tenantId } from '../guild-ids';
import { endpoint } from './common';
import { LOOT_SYSTEMS } from './guilds';

/** The range picker of the Analytics screen; ranges end with the current UTC day. */
export const ANALYTICS_RANGES = [
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '90d', label: '90 days', days: 90 },
  { key: '180d', label: '180 days', days: 180 },
  { key: '1y', label: '1 year', days: 365 },
] as const;
/** A key of ANALYTICS_RANGES. */
export type AnalyticsRangeKey = (typeof ANALYTICS_RANGES)[number]['key'];
/** The range the screen opens with (and the API's default span). */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRangeKey = '30d';
/** The longest span a call may ask for, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** How many of a guild's latest raids the attendance table counts by default, and at most. */
export const ANALYTICS_RAIDS = { default: 10, max: 100 } as const;
/** The most characters the per-guild member table lists (most raids attended first). */
export const ANALYTICS_MEMBER_LIMIT = 500;

/** What the Analytics screen and its API say. */
export const ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics',
  rangeOrder: 'The start of the range must be before its end',
  rangeTooLong: `The range can span at most ${ANALYTICS_MAX_DAYS} days`,
  badDate: 'Expected an ISO 8601 date and time',
  guildNotFound: 'Guild not found',
} as const;

const DAY_MS = 86_400_000;

/** The UTC midnight that starts the day of `date`. */
export function utcDayStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The [from, to) of a picker range: `days` whole UTC days ending with today. */
export function analyticsRangeBounds(key: AnalyticsRangeKey, now = new Date()): { from: string; to: string } {
  const days = ANALYTICS_RANGES.find((range) => range.key === key)?.days ?? 30;
  const to = new Date(utcDayStart(now).getTime() + DAY_MS);
  return { from: new Date(to.getTime() - days * DAY_MS).toISOString(), to: to.toISOString() };
}

const isoDateTime = z.iso.datetime({ offset: true, error: ANALYTICS_MESSAGES.badDate });

const rangeShape = { from: isoDateTime.optional(), to: isoDateTime.optional() };

type RangeInput = { from?: string; to?: string };
const rangeChecks = (value: RangeInput, ctx: z.RefinementCtx) => {
  if (value.from && value.to) {
    const from = Date.parse(value.from);
    const to = Date.parse(value.to);
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.rangeOrder });
    else if (to - from > ANALYTICS_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.rangeTooLong });
  }
};

/** The platform figures' filters: a range (default the last 30 days), one guild or one region. */
export const analyticsOverviewQuery = z
  .object({ ...rangeShape, guildId: tenantId.optional(), region: z.enum(REGIONS).optional() })
  .superRefine(rangeChecks);
export type AnalyticsOverviewQuery = z.infer<typeof analyticsOverviewQuery>;

/** A guild page's range and how many of its latest raids the attendance table counts. */
export const analyticsGuildQuery = z
  .object({
    ...rangeShape,
    raids: z.coerce.number().int().min(1).max(ANALYTICS_RAIDS.max).default(ANALYTICS_RAIDS.default),
  })
  .superRefine(rangeChecks);

const rate = z.number().nullable();
const resolvedRange = z.object({ from: z.string(), to: z.string() });

/** One UTC day of the platform figures. */
export const analyticsDay = z.object({
  day: z.string(),
  signUps: z.number(),
  activeMembers: z.number(),
  botTurns: z.number(),
  botResponded: z.number(),
  botIgnored: z.number(),
  botErrors: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

/** One week (starting Monday, UTC) of raids, attendance and loot. */
export const analyticsWeek = z.object({
  week: z.string(),
  activeGuilds: z.number(),
  raids: z.number(),
  attendanceTotal: z.number(),
  attendanceCame: z.number(),
  /** Present or late over all attendance rows; null without any. */
  attendanceRate: rate,
  lootItems: z.number(),
});
export type AnalyticsWeek = z.infer<typeof analyticsWeek>;

export const analyticsOverview = z.object({
  success: z.literal(true),
  range: resolvedRange,
  /** The guild of the guildId filter, named. */
  guild: z.object({ id: z.string(), name: z.string() }).nullable(),
  summary: z.object({
    guilds: z.number(),
    activeGuilds: z.number(),
    signUps: z.number(),
    activeMembers: z.number(),
    raids: z.number(),
    attendanceRate: rate,
    lootItems: z.number(),
  }),
  days: z.array(analyticsDay),
  weeks: z.array(analyticsWeek),
  lootBySystem: z.array(z.object({ lootSystem: z.enum(LOOT_SYSTEMS), guilds: z.number(), items: z.number() })),
  linking: z.object({
    characters: z.number(),
    linked: z.number(),
    /** Linked over all characters; null without characters. */
    coverage: rate,
    byOrigin: z.array(z.object({ origin: z.enum(LINK_TYPES), links: z.number() })),
  }),
  memberSync: z.object({
    guilds: z.number(),
    currentMembers: z.number(),
    syncedLastDay: z.number(),
    syncedLastWeek: z.number(),
    stale: z.number(),
    never: z.number(),
    lastSyncAt: z.string().nullable(),
  }),
  bot: z.object({
    turns: z.number(),
    responded: z.number(),
    ignored: z.number(),
    errors: z.number(),
    responseRate: rate,
    providers: z.array(z.object({ provider: z.string(), turns: z.number() })),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

/** One character of a guild: its attendance over the latest raids and the loot it received in the range. */
export const analyticsMember = z.object({
  characterId: z.string(),
  name: z.string(),
  class: z.string(),
  role: z.string().nullable(),
  attended: z.number(),
  attendanceRate: rate,
  items: z.number(),
  /** The character's items over all the guild's items in the range; null when none were awarded. */
  itemShare: rate,
});
export type AnalyticsMember = z.infer<typeof analyticsMember>;

export const analyticsGuild = z.object({
  success: z.literal(true),
  range: resolvedRange,
  guild: z.object({
    id: z.string(),
    name: z.string(),
    server: z.string(),
    region: z.enum(REGIONS),
    lootSystem: z.enum(LOOT_SYSTEMS),
  }),
  roster: z.array(z.object({ class: z.string(), role: z.string().nullable(), characters: z.number() })),
  /** How many raids the attendance figures count (at most the `raids` asked for). */
  raidsCounted: z.number(),
  totalItems: z.number(),
  members: z.array(analyticsMember),
  weeks: z.array(analyticsWeek.omit({ activeGuilds: true })),
});
export type AnalyticsGuild = z.infer<typeof analyticsGuild>;

/** Analytics across guilds, for admins who may open the Analytics screen. */
export const analyticsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/overview',
    summary: 'Platform figures over a range, optionally for one guild or region',
    query: analyticsOverviewQuery,
    response: analyticsOverview,
  }),
  guild: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/guilds/:id',
    summary: "One guild's roster, attendance, loot fairness and activity",
    params: z.object({ id: z.string().uuid() }),
    query: analyticsGuildQuery,
    response: analyticsGuild,
  }),
} as const;
