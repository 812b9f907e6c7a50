import { z } from 'zod';
import { REGIONS } from '../constants';
import { tenantId } from '../guild-ids';
import { MESSAGES } from '../messages';
import { displayNameRule, hasUnsafeNameCharacter } from '../text-rules';
import { whenMissing } from '../validation-messages';
import { endpoint } from './common';

/** Guild tenant choices and defaults (spec 1 §3). */
export const FACTIONS = ['Alliance', 'Horde'] as const;
/** Time zones a guild tenant may use. */
export const GUILD_TIMEZONES = ['UTC', 'EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'JST', 'KST', 'AEST'] as const;
/** Languages a guild tenant may use. */
export const GUILD_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'zh', 'ja', 'ko'] as const;
/** Loot systems a guild tenant may use. */
export const LOOT_SYSTEMS = ['DKP', 'EPGP', 'Loot_Council', 'Free_Roll', 'Need_Before_Greed', 'Other'] as const;
/** Guild list page size and page buttons (spec 1 §9). */
export const GUILD_PAGE = { size: 10, buttons: 5 } as const;

/** The guild form's messages (spec 1 §5). */
export const GUILD_MESSAGES = {
  nameRequired: 'Guild name is required',
  nameLength: 'Guild name must be between 2 and 100 characters',
  serverRequired: 'Server name is required',
  serverLength: 'Server name must be between 2 and 100 characters',
  regionRequired: 'Region is required',
  factionRequired: 'Faction is required',
  maxMembers: 'Max members must be between 1 and 10,000',
  website: 'Please enter a valid URL',
  discordInvite: 'Please enter a valid Discord invite URL',
  contactEmail: 'Please enter a valid email address',
  fixErrors: 'Please fix the validation errors',
  noneSelected: 'No guilds selected',
  confirmationMismatch: 'Guild name confirmation does not match',
  created: 'Guild created successfully',
  updated: 'Guild updated successfully',
  deleted: 'Guild deleted successfully',
  dataDeleted: 'Guild data deleted successfully',
} as const;

/** 'Are you sure you want to delete {n} guild(s)? This action cannot be undone.' */
export const bulkDeleteConfirmation = (n: number) =>
  `Are you sure you want to delete ${n} guild(s)? This action cannot be undone.`;
/** The guild a new one would repeat (same name, server and region), as a duplicate refusal names it. */
export interface ExistingGuild {
  guild_name: string;
  server: string;
  region: string;
  /** When it was created, as the reader should see it (the server writes YYYY-MM-DD, the web its local date). */
  createdText: string;
}
/** 'A guild named {name} on {server} ({region}) exists already (created {date}). Create another?' */
export const duplicateGuildQuestion = (existing: ExistingGuild) =>
  `A guild named ${existing.guild_name} on ${existing.server} (${existing.region}) exists already (created ${existing.createdText}). Create another?`;
/** 'Guild not found: {id}': an id that names no guild; a bulk action names the first unknown one. */
export const guildNotFound = (id: string) => `Guild not found: ${id}`;
/** What a bulk action reports: '{n} guild(s) activated', 'deactivated' or 'deleted'. */
export const bulkGuildsDone = (n: number, outcome: 'activated' | 'deactivated' | 'deleted') => `${n} guild(s) ${outcome}`;
/** '{n} guild(s) selected' */
export const guildsSelected = (n: number) => `${n} guild(s) selected`;
/** '{n} selected on other pages': the part of a selection the table does not show. */
export const selectedOnOtherPages = (n: number) => `${n} selected on other pages`;

/** The longest website, invite or contact address a guild keeps: far past any real one. */
const MAX_LINK_LENGTH = 2048;

/**
 * Whether a link or address a page shows is plain: bounded, and without control, bidi or invisible characters (the URL
 * parser quietly accepts them, and a bidi override shows a link reversed).
 */
const isPlainLink = (value: string) => value.length <= MAX_LINK_LENGTH && !hasUnsafeNameCharacter(value);

const isHttpUrl = (value: string) => {
  if (!isPlainLink(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** A Discord invite: an http(s) link on discord.gg, or discord.com / discordapp.com under /invite/. */
export const isDiscordInviteUrl = (value: string) => {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'discord.gg') return url.pathname.length > 1;
  return (host === 'discord.com' || host === 'discordapp.com') && /^\/invite\/[^/]+/.test(url.pathname);
};

/** An optional text: blank means null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional text that must pass a check when given. */
const optionalChecked = (check: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || check(v), { message });

const requiredName = (label: string, required: string, length: string) =>
  z
    .string(whenMissing(required))
    .trim()
    .min(1, required)
    .min(2, length)
    .max(100, length)
    .refine(...displayNameRule(label));

/** The guild tenant form: every field of the entity with its default and allowed values (spec 1 §3, §5). */
export const guildInput = z.object({
  guild_name: requiredName('Guild name', GUILD_MESSAGES.nameRequired, GUILD_MESSAGES.nameLength),
  server: requiredName('Server name', GUILD_MESSAGES.serverRequired, GUILD_MESSAGES.serverLength),
  region: z.enum(REGIONS, { error: GUILD_MESSAGES.regionRequired }).default('US'),
  faction: z.enum(FACTIONS, { error: GUILD_MESSAGES.factionRequired }).default('Alliance'),
  is_active: z.boolean().default(true),
  description: optionalText(2000),
  max_members: z.coerce
    .number({ error: GUILD_MESSAGES.maxMembers })
    .int(GUILD_MESSAGES.maxMembers)
    .min(1, GUILD_MESSAGES.maxMembers)
    .max(10_000, GUILD_MESSAGES.maxMembers)
    .default(1000),
  timezone: z.enum(GUILD_TIMEZONES).default('UTC'),
  language: z.enum(GUILD_LANGUAGES).default('en'),
  raid_schedule: optionalText(500),
  loot_system: z.enum(LOOT_SYSTEMS).default('DKP'),
  public_logs: z.boolean().default(false),
  recruitment_open: z.boolean().default(false),
  website: optionalChecked(isHttpUrl, GUILD_MESSAGES.website),
  discord_invite: optionalChecked(isDiscordInviteUrl, GUILD_MESSAGES.discordInvite),
  contact_email: optionalChecked((v) => isPlainLink(v) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), GUILD_MESSAGES.contactEmail),
});
/** What the guild form sends. */
export type GuildInput = z.input<typeof guildInput>;

/** Creating a guild: the form, and whether the admin confirmed repeating an existing name, server and region. */
export const guildCreateInput = guildInput.extend({
  confirmDuplicate: z
    .boolean()
    .default(false)
    .describe('true after the admin confirmed a guild with the same name, server and region; otherwise that is 409'),
});
/** What creating a guild sends. */
export type GuildCreateInput = z.input<typeof guildCreateInput>;

/**
 * 409 GUILD_DUPLICATE: a guild with the same name, server and region (case aside) exists; `error` asks
 * duplicateGuildQuestion and the fields name the oldest such guild.
 */
export const guildDuplicateRefusal = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('GUILD_DUPLICATE'),
  existingGuildId: tenantId,
  existingGuildName: z.string(),
  existingServer: z.string(),
  existingRegion: z.string(),
  existingCreatedAt: z.string(),
});
/** The body of a duplicate guild refusal. */
export type GuildDuplicateRefusal = z.infer<typeof guildDuplicateRefusal>;

/** A guild tenant as the API returns it. */
export const guildTenant = z.object({
  id: z.string(),
  guild_name: z.string(),
  server: z.string(),
  region: z.enum(REGIONS),
  faction: z.enum(FACTIONS),
  is_active: z.boolean(),
  description: z.string().nullable(),
  max_members: z.number(),
  timezone: z.enum(GUILD_TIMEZONES),
  language: z.enum(GUILD_LANGUAGES),
  raid_schedule: z.string().nullable(),
  loot_system: z.enum(LOOT_SYSTEMS),
  public_logs: z.boolean(),
  recruitment_open: z.boolean(),
  website: z.string().nullable(),
  discord_invite: z.string().nullable(),
  contact_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  memberCount: z.number(),
});
/** A guild tenant. */
export type GuildTenant = z.infer<typeof guildTenant>;

/** Filters of the guild list; they live in the URL on the web. */
export const guildListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(GUILD_PAGE.size),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  region: z.union([z.enum(REGIONS), z.literal('all')]).default('all'),
});
/** Guild list filters. */
export type GuildListQuery = z.input<typeof guildListQuery>;

const guildIds = z.array(tenantId).min(1, GUILD_MESSAGES.noneSelected).max(1000);

/** The guild tenant API (spec 1 §7 Guilds). */
export const guildsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/guilds',
    summary: 'Guild tenants, filtered and paged in SQL',
    query: guildListQuery,
    response: z.object({
      success: z.literal(true),
      guilds: z.array(guildTenant),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/guilds',
    summary:
      'Create a guild tenant; 409 GUILD_DUPLICATE when one with the same name, server and region exists, unless confirmDuplicate',
    body: guildCreateInput,
    response: z.object({ success: z.literal(true), guild: guildTenant, message: z.string() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/guilds/:id',
    summary: 'Update a guild tenant',
    params: z.object({ id: z.string().uuid() }),
    body: guildInput,
    response: z.object({ success: z.literal(true), guild: guildTenant, message: z.string() }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/guilds/:id',
    summary: 'Delete a guild tenant and everything it owns',
    params: z.object({ id: z.string().uuid() }),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  bulkUpdate: endpoint({
    method: 'PATCH',
    path: '/api/admin/guilds/bulk',
    summary: 'Activate or deactivate many guild tenants in one transaction',
    body: z.object({ guildIds, action: z.enum(['activate', 'deactivate'], { error: MESSAGES.invalidAction }) }),
    response: z.object({ success: z.literal(true), updated: z.number(), message: z.string() }),
  }),
  bulkDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/guilds/bulk',
    summary: 'Delete many guild tenants in one transaction',
    body: z.object({ guildIds }),
    response: z.object({ success: z.literal(true), deleted: z.number(), message: z.string() }),
  }),
} as const;
