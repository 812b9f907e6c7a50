import { z } from 'zod';
import { CHARACTER_ROLES, WOW_CLASSES } from '../characters';
import { tenantIdWith } from '../guild-ids';
import { endpoint } from './common';

/**
 * Raw data views (issue 17, spec 1 `/admin/data`): the product's own tables as an operator reads them, across
 * tenants, read-only. One description per entity below is the single source of the columns shown, the filters
 * offered and the sorts allowed; the server builds its SQL from it (never from names the browser sends) and the
 * web builds its table and filter bar from it. Sensitive columns (password hashes, token hashes, e-mail of users
 * who are not players) are simply not described, so they are never selected.
 */

/** How a column's values read. */
export const RAW_COLUMN_TYPES = ['text', 'number', 'date', 'enum', 'boolean', 'json'] as const;
export type RawColumnType = (typeof RAW_COLUMN_TYPES)[number];

/**
 * The filter a column offers, and its query parameters:
 * - `contains`: `<col>=text`, case-insensitive "contains" (served by a trigram index where the column has one);
 * - `equals`: `<col>=value`, exact (ids, served by a B-tree);
 * - `range`: numbers `<col>_min` / `<col>_max`, dates `<col>_from` / `<col>_to` (inclusive; ISO dates or times);
 * - `enum`: `<col>=value`, one of the column's values;
 * - `boolean`: `<col>=true|false`.
 */
export const RAW_FILTER_KINDS = ['contains', 'equals', 'range', 'enum', 'boolean'] as const;
export type RawFilterKind = (typeof RAW_FILTER_KINDS)[number];

/** One column of an entity. */
export interface RawColumn {
  name: string;
  label: string;
  type: RawColumnType;
  /** The allowed values of an enum column. */
  values?: readonly string[];
  filter?: RawFilterKind;
  /** Only columns with a B-tree index that ends in the entity's key (keyset paging at any depth). */
  sortable?: boolean;
  /** A name column's id column: the grid shows the name and keeps the id on hover ('guild_name' names 'guild_id'). */
  idColumn?: string;
}

/** One entity: its name in URLs, its label, its columns, and the sort used when none is asked. */
export interface RawEntity {
  name: string;
  label: string;
  description: string;
  columns: readonly RawColumn[];
  defaultSort: string;
  defaultOrder: 'asc' | 'desc';
  /** How the guild filter applies to this entity, in words. */
  guildScope: string;
}

const id = (name = 'id', label = 'ID'): RawColumn => ({ name, label, type: 'text', filter: 'equals' });
const guildId: RawColumn = { name: 'guild_id', label: 'Guild ID', type: 'text', filter: 'equals' };
/** The guild's name, joined by the row's guild id (cross-tenant views name the guild, issue 29). */
const guildName: RawColumn = { name: 'guild_name', label: 'Guild', type: 'text', idColumn: 'guild_id' };
/** A name joined by an id column of the row, shown with the id on hover. */
const nameOf = (name: string, label: string, idColumn: string): RawColumn => ({ name, label, type: 'text', idColumn });
const text = (name: string, label: string, filter: RawFilterKind | undefined = 'contains'): RawColumn =>
  filter ? { name, label, type: 'text', filter } : { name, label, type: 'text' };
const date = (name: string, label: string, sortable = false): RawColumn => ({
  name,
  label,
  type: 'date',
  filter: 'range',
  ...(sortable ? { sortable } : {}),
});
const number = (name: string, label: string, sortable = false): RawColumn => ({
  name,
  label,
  type: 'number',
  filter: 'range',
  ...(sortable ? { sortable } : {}),
});
const choice = (name: string, label: string, values: readonly string[]): RawColumn => ({
  name,
  label,
  type: 'enum',
  values,
  filter: 'enum',
});
const flag = (name: string, label: string): RawColumn => ({ name, label, type: 'boolean', filter: 'boolean' });

/** Every entity the raw data views show, in the picker's order. */
export const RAW_ENTITIES = [
  {
    name: 'characters',
    label: 'Characters',
    description: "Game characters of every guild's roster.",
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    guildScope: 'Characters of the guild.',
    columns: [
      { ...text('name', 'Name'), sortable: true },
      guildName,
      text('realm', 'Realm'),
      choice('class', 'Class', WOW_CLASSES),
      text('spec', 'Spec'),
      choice('role', 'Role', CHARACTER_ROLES),
      number('level', 'Level', true),
      number('item_level', 'Item level'),
      number('item_level_equipped', 'Equipped item level'),
      date('last_activity_at', 'Last activity'),
      number('activity_count', 'Activity count'),
      text('guild_note', 'Guild note'),
      text('officer_note', 'Officer note'),
      date('created_at', 'Created', true),
      date('updated_at', 'Updated'),
      id(),
      guildId,
    ],
  },
  {
    name: 'loot_entries',
    label: 'Loot entries',
    description: 'Items awarded to characters.',
    defaultSort: 'awarded_at',
    defaultOrder: 'desc',
    guildScope: 'Loot of the guild.',
    columns: [
      { ...text('character_name', 'Character'), idColumn: 'character_id' },
      text('item_name', 'Item'),
      guildName,
      text('boss', 'Boss'),
      date('awarded_at', 'Awarded', true),
      number('item_id', 'Item ID'),
      id(),
      guildId,
      id('character_id', 'Character ID'),
      id('raid_event_id', 'Raid event ID'),
    ],
  },
  {
    name: 'raid_events',
    label: 'Raid events',
    description: 'Scheduled and finished raid nights.',
    defaultSort: 'starts_at',
    defaultOrder: 'desc',
    guildScope: 'Raids of the guild.',
    columns: [
      { ...text('name', 'Name'), sortable: true },
      guildName,
      text('instance', 'Instance'),
      text('difficulty', 'Difficulty'),
      date('starts_at', 'Starts', true),
      date('ends_at', 'Ends'),
      id(),
      guildId,
    ],
  },
  {
    name: 'raid_attendance',
    label: 'Raid attendance',
    description: 'Who came to which raid (one row per character and raid).',
    defaultSort: 'raid_event_id',
    defaultOrder: 'asc',
    guildScope: "Attendance of the guild's raids.",
    columns: [
      { ...text('raid_name', 'Raid'), idColumn: 'raid_event_id' },
      date('starts_at', 'Raid starts'),
      { ...text('character_name', 'Character'), idColumn: 'character_id' },
      guildName,
      choice('status', 'Status', ['present', 'late', 'absent']),
      { ...id('raid_event_id', 'Raid event ID'), sortable: true },
      id('character_id', 'Character ID'),
      guildId,
    ],
  },
  {
    name: 'discord_members',
    label: 'Discord members',
    description: "Members of each guild's Discord server, as the last sync saw them.",
    defaultSort: 'username',
    defaultOrder: 'asc',
    guildScope: 'Members of the guild.',
    columns: [
      { ...text('username', 'Username'), sortable: true, idColumn: 'discord_user_id' },
      text('global_name', 'Global name'),
      text('nickname', 'Nickname'),
      guildName,
      { name: 'roles', label: 'Roles', type: 'json' },
      date('joined_at', 'Joined'),
      date('left_at', 'Left'),
      date('last_synced_at', 'Last synced'),
      id(),
      guildId,
      id('discord_user_id', 'Discord user ID'),
    ],
  },
  {
    name: 'character_links',
    label: 'Character links',
    description: 'Characters linked to the Discord members who play them.',
    defaultSort: 'linked_at',
    defaultOrder: 'desc',
    guildScope: 'Links of the guild.',
    columns: [
      nameOf('character_name', 'Character', 'character_id'),
      nameOf('member_name', 'Discord member', 'discord_member_id'),
      guildName,
      choice('priority', 'Priority', ['main', 'alt']),
      flag('is_primary', 'Primary'),
      number('confidence', 'Confidence'),
      choice('link_type', 'Link type', ['manual', 'automatic', 'claim']),
      date('linked_at', 'Linked', true),
      text('linked_by', 'Linked by'),
      id(),
      guildId,
      id('character_id', 'Character ID'),
      id('discord_member_id', 'Discord member ID'),
    ],
  },
  {
    name: 'guilds',
    label: 'Guild tenants',
    description: 'The guild tenants themselves.',
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    guildScope: 'The guild itself.',
    columns: [
      { ...text('guild_name', 'Guild name'), sortable: true, idColumn: 'id' },
      text('server', 'Server'),
      choice('region', 'Region', ['US', 'EU', 'KR', 'CN']),
      choice('faction', 'Faction', ['Alliance', 'Horde']),
      flag('is_active', 'Active'),
      text('description', 'Description'),
      number('max_members', 'Max members'),
      choice('timezone', 'Timezone', ['UTC', 'EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'JST', 'KST', 'AEST']),
      choice('language', 'Language', ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'zh', 'ja', 'ko']),
      text('raid_schedule', 'Raid schedule'),
      choice('loot_system', 'Loot system', ['DKP', 'EPGP', 'Loot_Council', 'Free_Roll', 'Need_Before_Greed', 'Other']),
      flag('public_logs', 'Public logs'),
      flag('recruitment_open', 'Recruitment open'),
      text('website', 'Website'),
      text('discord_invite', 'Discord invite'),
      date('created_at', 'Created', true),
      date('updated_at', 'Updated'),
      id(),
      id('discord_guild_id', 'Discord server ID'),
    ],
  },
  {
    name: 'player_accounts',
    label: 'Player accounts',
    description: 'Players across guilds, with their Discord and Battle.net links.',
    defaultSort: 'updated_at',
    defaultOrder: 'desc',
    guildScope: "Players whose Discord user is a member of the guild's server.",
    columns: [
      { ...text('display_name', 'Display name'), idColumn: 'id' },
      text('email', 'E-mail'),
      choice('account_status', 'Status', ['active', 'inactive', 'suspended', 'merged']),
      text('notes', 'Notes'),
      id('discord_id', 'Discord ID'),
      date('discord_linked_at', 'Discord linked'),
      id('battlenet_id', 'Battle.net ID'),
      text('battletag', 'BattleTag'),
      choice('battlenet_region', 'Battle.net region', ['us', 'eu', 'kr', 'tw']),
      date('battlenet_linked_at', 'Battle.net linked'),
      date('last_login_at', 'Last login'),
      { name: 'discord_profile', label: 'Discord profile', type: 'json' },
      text('created_by', 'Created by'),
      text('updated_by', 'Updated by'),
      date('created_at', 'Created', true),
      date('updated_at', 'Updated', true),
      id(),
    ],
  },
  {
    name: 'audit_records',
    label: 'Audit records',
    description: 'Who did what, on what, when and from where.',
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    guildScope: 'Records whose target is the guild (target type "guild", target id the guild\'s id).',
    columns: [
      { name: 'id', label: 'ID', type: 'number', filter: 'range', sortable: true },
      choice('actor_type', 'Actor type', ['admin', 'user', 'anonymous', 'cli', 'system']),
      text('actor_id', 'Actor ID', 'equals'),
      text('actor_name', 'Actor'),
      text('action', 'Action'),
      text('target_type', 'Target type', 'equals'),
      text('target_id', 'Target ID', 'equals'),
      { name: 'details', label: 'Details', type: 'json' },
      text('ip', 'IP', 'equals'),
      date('created_at', 'When', true),
    ],
  },
] as const satisfies readonly RawEntity[];

/** An entity's name in URLs. */
export type RawEntityName = (typeof RAW_ENTITIES)[number]['name'];

/** The description of an entity by its URL name, or undefined. */
export function findRawEntity(name: string): RawEntity | undefined {
  return (RAW_ENTITIES as readonly RawEntity[]).find((entity) => entity.name === name);
}

/** The query parameters a column's filter reads. */
export function rawFilterParams(column: RawColumn): string[] {
  if (column.filter !== 'range') return column.filter ? [column.name] : [];
  return column.type === 'date' ? [`${column.name}_from`, `${column.name}_to`] : [`${column.name}_min`, `${column.name}_max`];
}

/** Rows per page: default and most. */
export const RAW_DATA_PAGE_SIZE = 50;
export const RAW_DATA_MAX_PAGE_SIZE = 500;

/** What the raw data views say. */
export const RAW_DATA_MESSAGES = {
  unknownEntity: (name: string) => `Unknown entity '${name}'`,
  unknownParameter: (entity: string, name: string) => `Unknown column filter '${name}' for ${entity}`,
  notSortable: (entity: string, name: string) => `Column '${name}' of ${entity} cannot be sorted (only indexed columns can)`,
  invalidNumber: (name: string) => `'${name}' must be a number`,
  invalidDate: (name: string) => `'${name}' must be a date (YYYY-MM-DD or an ISO time)`,
  invalidEnum: (name: string, values: readonly string[]) => `'${name}' must be one of ${values.join(', ')}`,
  invalidBoolean: (name: string) => `'${name}' must be true or false`,
  invalidCursor: 'The page cursor is not valid for this view; start again from the first page',
  invalidGuildId: 'guildId must be a guild id (UUID)',
  noRows: 'No rows match these filters.',
  readOnly: 'Raw data views are read-only.',
} as const;

/** The guild filter: a tenant's uuid; blank means every guild (the screen's picker sends `guildId=` for "all"). */
const guildFilter = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : value),
  tenantIdWith(RAW_DATA_MESSAGES.invalidGuildId).optional(),
);

/** The list's fixed parameters; every other parameter is a column filter checked against the description. */
export const rawDataListQuery = z
  .object({
    guildId: guildFilter,
    sort: z.string().trim().max(64).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    after: z.string().trim().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(RAW_DATA_MAX_PAGE_SIZE).default(RAW_DATA_PAGE_SIZE),
  })
  .catchall(z.string().max(500));
export type RawDataListQuery = z.infer<typeof rawDataListQuery>;

/** The export's parameters: the list's filters (no paging) and the file format. */
export const rawDataExportQuery = z
  .object({
    format: z.enum(['csv', 'json']).default('csv'),
    guildId: guildFilter,
    sort: z.string().trim().max(64).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .catchall(z.string().max(500));

const rawColumnSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(RAW_COLUMN_TYPES),
  values: z.array(z.string()).readonly().optional(),
  filter: z.enum(RAW_FILTER_KINDS).optional(),
  sortable: z.boolean().optional(),
  idColumn: z.string().optional(),
});

const rawEntitySchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  columns: z.array(rawColumnSchema).readonly(),
  defaultSort: z.string(),
  defaultOrder: z.enum(['asc', 'desc']),
  guildScope: z.string(),
});

/** One page of an entity's rows: each row an object keyed by the description's column names. */
export const rawDataPage = z.object({
  success: z.literal(true),
  entity: z.string(),
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
  limit: z.number(),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** The cursor of the next page (the last row's sort value and key), null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RawDataPage = z.infer<typeof rawDataPage>;

export const rawDataEntityParams = z.object({ entity: z.string().max(64) });

/** The raw data views' calls (admin.full_access). */
export const rawDataApi = {
  entities: endpoint({
    method: 'GET',
    path: '/api/admin/data/entities',
    summary: 'The entities the raw data views show, with their columns, filters and sortable columns',
    response: z.object({ success: z.literal(true), entities: z.array(rawEntitySchema) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/data/:entity',
    summary: 'A keyset page of an entity, filtered by column and optionally by guild',
    params: rawDataEntityParams,
    query: rawDataListQuery,
    response: rawDataPage,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/data/:entity/export',
    summary: "Streams an entity's filtered rows as CSV (formula cells neutralised) or a JSON array, audited",
    params: rawDataEntityParams,
    query: rawDataExportQuery,
    response: z.unknown().describe('text/csv or application/json'),
  }),
} as const;
