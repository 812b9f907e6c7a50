import { z } from 'zod';
import { endpoint } from './common';
import { guildListQuery, guildTenant } from './guilds';

/** Guild data tabs show this many characters and recent loot entries (spec 1 §9). */
export const GUILD_DATA_LIMITS = { characters: 10, recentLoot: 5, recentDropsDays: 30 } as const;

/**
 * The kinds of data a guild owns: one JSON file each in the export zip, one count each in the delete report. The loot
 * system's data follows the awards (loot_entries): its ledger and decay runs, wishlists, the council's items, requests
 * and votes. The guild's loot settings versions are its configuration, not data: exported, kept by a data delete.
 */
export const GUILD_DATA_KINDS = [
  'characters',
  'loot_entries',
  'raid_events',
  'raid_attendance',
  'discord_members',
  'character_links',
  'loot_ledger_entries',
  'loot_decay_runs',
  'loot_wishlist_items',
  'loot_council_items',
  'loot_requests',
  'loot_council_votes',
] as const;
/** A kind of guild data. */
export type GuildDataKind = (typeof GUILD_DATA_KINDS)[number];

/** How each kind of guild data is named on screen. */
export const GUILD_DATA_KIND_LABELS: Readonly<Record<GuildDataKind, string>> = {
  characters: 'Characters',
  loot_entries: 'Loot entries',
  raid_events: 'Raid events',
  raid_attendance: 'Raid attendance',
  discord_members: 'Discord members',
  character_links: 'Character links',
  loot_ledger_entries: 'Ledger entries',
  loot_decay_runs: 'Decay runs',
  loot_wishlist_items: 'Wishlist lines',
  loot_council_items: 'Council items',
  loot_requests: 'Council requests',
  loot_council_votes: 'Council votes',
};

/** The Raw tab's warning (spec 1 §2). */
export const RAW_DATA_WARNING = 'Raw data exports contain sensitive information and should be handled carefully.';
/** The Characters tab's note under the first 10. */
export const CHARACTERS_EXPORT_NOTE = 'Showing the first 10 characters. Export the guild data for the full list.';
/** The Combat Logs tab's note when no time-series store is configured. */
export const COMBAT_LOGS_NOT_CONFIGURED =
  'Combat logs come from the time-series database (InfluxDB), which is not configured. Set INFLUX_URL to see them.';

/** A guild's id in the path. */
const guildIdParams = z.object({ id: z.string().uuid() });
/** An ISO 8601 timestamp, or null when there is none. */
const isoOrNull = z.string().nullable();
/** Paging of the data-view lists. */
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** One of the first characters of a guild (spec 1 §3). */
export const guildDataCharacter = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  level: z.number(),
  last_seen: isoOrNull,
});
/** A guild data character. */
export type GuildDataCharacter = z.infer<typeof guildDataCharacter>;

/** One character of a guild's whole list ("View all" on the Characters tab): the first characters' fields and realm. */
export const guildCharacter = guildDataCharacter.extend({ realm: z.string() });
/** A character of the whole list. */
export type GuildCharacter = z.infer<typeof guildCharacter>;

/** One recent loot drop (spec 1 §3). */
export const guildDataLoot = z.object({ item_name: z.string(), character_name: z.string(), timestamp: z.string() });
/** A recent loot drop. */
export type GuildDataLoot = z.infer<typeof guildDataLoot>;

/** The guild data summary (spec 1 §3): counts, storage, activity, first characters and loot. */
export const guildDataSummary = z.object({
  counts: z.object({
    characters: z.number(),
    loot_entries: z.number(),
    raid_events: z.number(),
    discord_users: z.number(),
    loot_ledger_entries: z.number().describe('DKP and EPGP ledger entries'),
    loot_wishlist_items: z.number().describe("Lines of the members' wishlists"),
    loot_council_items: z.number().describe('Items put before the loot council'),
  }),
  storage: z.object({
    database_records: z.number().describe('Rows this guild owns across all its tables'),
    file_size: z.number().describe('Bytes those rows take on disk, estimated'),
    cache_size: z.number().describe('Bytes of cache entries under this guild, 0 when no cache is configured'),
  }),
  activity: z.object({ last_loot_entry: isoOrNull, last_raid_event: isoOrNull, last_character_update: isoOrNull }),
  characters: z.array(guildDataCharacter).describe('The first 10 characters by name'),
  loot: z.object({
    total_entries: z.number(),
    unique_items: z.number(),
    recent_drops: z.number().describe('Loot entries of the last 30 days'),
    recent: z.array(guildDataLoot).describe('The 5 most recent loot entries, newest first'),
  }),
});
/** The guild data summary. */
export type GuildDataSummary = z.infer<typeof guildDataSummary>;

/** One raid event with how many characters attended. */
export const guildRaidEvent = z.object({
  id: z.string(),
  name: z.string(),
  instance: z.string(),
  difficulty: z.string(),
  starts_at: z.string(),
  attendance: z.number(),
});
/** A raid event. */
export type GuildRaidEvent = z.infer<typeof guildRaidEvent>;

/** One combat log event from the time-series store. */
export const combatLogEvent = z.object({
  time: z.string(),
  event_type: z.string(),
  source: z.string().nullable(),
  target: z.string().nullable(),
  amount: z.number().nullable(),
});
/** A combat log event. */
export type CombatLogEvent = z.infer<typeof combatLogEvent>;

/** One Discord member of a guild with how many characters are linked to them. */
export const guildDiscordMember = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullable(),
  nickname: z.string().nullable(),
  joined_at: isoOrNull,
  linkedCharacters: z.number(),
});
/** A guild's Discord member. */
export type GuildDiscordMember = z.infer<typeof guildDiscordMember>;

/** One point of a weekly series; week is the ISO date of the week's Monday. */
export const weeklyPoint = z.object({ week: z.string(), count: z.number() });
/** A weekly point. */
export type WeeklyPoint = z.infer<typeof weeklyPoint>;

/** The guild's activity over time, oldest week first, weeks without activity included as 0. */
export const guildAnalytics = z.object({
  lootPerWeek: z.array(weeklyPoint),
  raidsPerWeek: z.array(weeklyPoint),
  activeCharactersPerWeek: z.array(weeklyPoint),
});
/** Guild analytics series. */
export type GuildAnalytics = z.infer<typeof guildAnalytics>;

/** Export formats of one guild's data: one JSON file per kind, or a SQL dump that restores the guild's rows. */
export const GUILD_EXPORT_TYPES = ['json', 'dump'] as const;
/** A guild export format. */
export type GuildExportType = (typeof GUILD_EXPORT_TYPES)[number];

/** A guild name as a file name part: 'Nightfall Raiders!' → 'nightfall-raiders'; CJK-only names become 'guild'. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'guild';
}

/** 'crimson-covenant-data-2025-03-14.zip' or '…-dump-….zip', dated in UTC: the server's name, the web's fallback. */
export const guildZipFilename = (guildName: string, type: GuildExportType, now = new Date()) =>
  `${fileSlug(guildName)}-${type === 'dump' ? 'dump' : 'data'}-${now.toISOString().slice(0, 10)}.zip`;

/** Delete guild data: the guild name typed by the operator. */
export const deleteGuildDataInput = z.object({ confirmation: z.string() });
/** What delete guild data sends. */
export type DeleteGuildDataInput = z.infer<typeof deleteGuildDataInput>;

/** The guild data view's calls (spec 1 §7 Guilds, and the tabs the spec left as placeholders). */
export const guildDataApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/data',
    summary: 'One guild with its data summary',
    params: guildIdParams,
    response: z.object({ success: z.literal(true), guild: guildTenant, summary: guildDataSummary }),
  }),
  raidEvents: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/raid-events',
    summary: "A guild's raid events, newest first, with attendance counts",
    params: guildIdParams,
    query: pageQuery,
    response: z.object({
      success: z.literal(true),
      events: z.array(guildRaidEvent),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
  }),
  characters: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/characters',
    summary: "A page of the guild's characters by name; search finds a part of the name or realm",
    params: guildIdParams,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    response: z.object({
      success: z.literal(true),
      characters: z.array(guildCharacter),
      total: z.number().describe('Characters matching the search'),
      page: z.number(),
      limit: z.number(),
    }),
  }),
  combatLogs: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/combat-logs',
    summary: "A guild's recent combat log events from InfluxDB; configured false when none is set up",
    params: guildIdParams,
    response: z.object({
      success: z.literal(true),
      configured: z.boolean(),
      events: z.array(combatLogEvent),
      message: z.string().optional().describe('Why there are no events, e.g. COMBAT_LOGS_NOT_CONFIGURED'),
    }),
  }),
  discordMembers: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/discord-members',
    summary: "A guild's Discord members with linked character counts and the linked share",
    params: guildIdParams,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    response: z.object({
      success: z.literal(true),
      members: z.array(guildDiscordMember),
      totals: z.object({
        members: z.number(),
        linked: z.number().describe('Members with at least one linked character'),
        linkedShare: z.number().describe('linked / members, 0-1; 0 when there are no members'),
      }),
      total: z.number().describe('Members matching the search'),
      page: z.number(),
      limit: z.number(),
    }),
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/analytics',
    summary: "A guild's loot, raids and active characters per week over the last 12 weeks",
    params: guildIdParams,
    response: z.object({ success: z.literal(true), series: guildAnalytics }),
  }),
  exportData: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/export',
    summary:
      'Streams a zip (application/zip, Content-Disposition attachment): type=json guild.json, loot_rule_versions.json and one JSON file per kind, type=dump a SQL file restoring the guild',
    params: guildIdParams,
    query: z.object({ type: z.enum(GUILD_EXPORT_TYPES).default('json') }),
    response: z.unknown().describe('application/zip'),
  }),
  exportList: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/export',
    summary: 'Streams text/csv of every guild matching the filters (RFC 4180, formula cells neutralised)',
    query: guildListQuery.pick({ search: true, status: true, region: true }),
    response: z.unknown().describe('text/csv'),
  }),
  deleteData: endpoint({
    method: 'DELETE',
    path: '/api/admin/guilds/:id/data',
    summary:
      "Delete a guild's data (not the guild, its settings or loot settings versions) in one transaction, audited; 400 with GUILD_MESSAGES.confirmationMismatch when the name differs",
    params: guildIdParams,
    body: deleteGuildDataInput,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      removed: z.record(z.enum(GUILD_DATA_KINDS), z.number()).describe('Rows removed per kind, every kind present'),
    }),
  }),
} as const;
