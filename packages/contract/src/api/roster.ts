import { z } from 'zod';
import { CHARACTER_ROLES, WOW_CLASSES } from '../characters';
import { endpoint } from './common';
import { attendanceStanding } from './raid-attendance';

const ok = z.literal(true);

/** What the roster sorts by, in SQL: name, class, item level, rank and last seen on indexes; attendance computed. */
export const ROSTER_SORTS = ['name', 'class', 'itemLevel', 'rank', 'lastSeen', 'attendance'] as const;
/** A roster sort. */
export type RosterSort = (typeof ROSTER_SORTS)[number];
/** Which characters the roster lists: all, mains, alts, or those not linked to a member. */
export const ROSTER_KINDS = ['all', 'main', 'alt', 'unlinked'] as const;
/** The officers' marks of members the roster filters by. */
export const ROSTER_MARKS = ['all', 'active', 'trial', 'inactive'] as const;
/** How the kind filter is named on screen. */
export const ROSTER_KIND_LABELS: Readonly<Record<(typeof ROSTER_KINDS)[number], string>> = {
  all: 'All characters',
  main: 'Mains',
  alt: 'Alts',
  unlinked: 'Not linked',
};
/** How the marks filter is named on screen. */
export const ROSTER_MARK_LABELS: Readonly<Record<(typeof ROSTER_MARKS)[number], string>> = {
  all: 'Any member',
  active: 'Active',
  trial: 'Trials',
  inactive: 'Inactive',
};
/** Roster pages. */
export const ROSTER_PAGE = { size: 50, max: 100 } as const;

/** The roster's filters, sort and page; they live in the URL on the web. */
export const rosterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ROSTER_PAGE.max).default(ROSTER_PAGE.size),
  search: z.string().trim().max(64).optional(),
  class: z.enum(WOW_CLASSES).optional(),
  role: z.enum(CHARACTER_ROLES).optional(),
  kind: z.enum(ROSTER_KINDS).default('all'),
  mark: z.enum(ROSTER_MARKS).default('all'),
  sort: z.enum(ROSTER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
/** Roster filters. */
export type RosterQuery = z.output<typeof rosterQuery>;

/** One character of the roster with its member (when linked), the member's marks and attendance. */
export const rosterEntry = z.object({
  characterId: z.string(),
  name: z.string(),
  realm: z.string(),
  class: z.string(),
  spec: z.string().nullable(),
  role: z.enum(CHARACTER_ROLES).nullable(),
  itemLevel: z.number().nullable(),
  rank: z.number().nullable().describe('The in-game guild rank, 0 the guild master'),
  teamRank: z.string().nullable().describe("WoWAudit's rank of the team, in words ('Main', 'Trial')"),
  lastSeen: z.string().nullable(),
  member: z
    .object({
      id: z.string(),
      name: z.string(),
      isMain: z.boolean(),
      isTrial: z.boolean(),
      isInactive: z.boolean(),
    })
    .nullable(),
  attendance: attendanceStanding
    .nullable()
    .describe("The member's rate against the rule: everyone's for raids.manage, a member's own otherwise; else null"),
});
/** A roster line. */
export type RosterEntry = z.infer<typeof rosterEntry>;

/** The officers' marks of a member: a trial, inactive (no longer expected at raids). */
export const rosterMarksBody = z
  .object({ isTrial: z.boolean().optional(), isInactive: z.boolean().optional() })
  .refine((body) => body.isTrial !== undefined || body.isInactive !== undefined, {
    message: 'Change at least one mark',
  });
/** Marks as the roster sends them. */
export type RosterMarksInput = z.infer<typeof rosterMarksBody>;

/** What the roster calls say. */
export const ROSTER_MESSAGES = {
  marked: 'Member marked',
  mainSet: (name: string) => `${name} is now the main`,
  memberNotFound: 'Member not found in this guild',
  characterNotFound: 'Character not found in this guild',
  notLinked: 'This character is not linked to a member: link it first, then make it their main.',
  attendanceSortOfficers: 'Only officers can sort by attendance.',
  loadFailed: 'The roster could not be loaded',
} as const;

/** The guild's roster (guild.view) and the officers' marks (raids.manage). */
export const rosterApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/guild/roster',
    summary: "A page of the guild's characters with their members, marks and attendance, filtered and sorted in SQL",
    query: rosterQuery,
    response: z.object({
      success: ok,
      entries: z.array(rosterEntry),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
      canManage: z.boolean(),
    }),
  }),
  mark: endpoint({
    method: 'PUT',
    path: '/api/guild/roster/members/:memberId/marks',
    summary: 'Mark a member a trial or inactive, or clear it (raids.manage, audited)',
    params: z.object({ memberId: z.uuid() }),
    body: rosterMarksBody,
    response: z.object({ success: ok, message: z.string() }),
  }),
  setMain: endpoint({
    method: 'PUT',
    path: '/api/guild/roster/characters/:characterId/main',
    summary: "Make a linked character its member's main (raids.manage, audited)",
    params: z.object({ characterId: z.uuid() }),
    response: z.object({ success: ok, message: z.string() }),
  }),
} as const;
