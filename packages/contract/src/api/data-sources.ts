import { z } from 'zod';
import { CHARACTER_ROLES, WOW_CLASSES } from '../characters';
import { tenantId } from '../guild-ids';
import { CHARACTER_SOURCE_TYPES, type CharacterSourceType } from '../linking-test';
import { displayNameRule } from '../text-rules';
import { endpoint } from './common';
import { BATTLENET_REGIONS } from './player-accounts';

/** How each source is named on screen. */
export const CHARACTER_SOURCE_LABELS: Readonly<Record<CharacterSourceType, string>> = {
  loot_import: 'RCLootCouncil',
  combat_log: 'Warcraft Logs',
  wowaudit: 'WoWAudit',
  battlenet: 'Battle.net',
  raiderio: 'Raider.IO',
  manual: 'Manual',
};

/** Limits of the import pipeline. */
export const DATA_SOURCE_LIMITS = {
  /** An RCLootCouncil export may be this large (a 50,000-row export is about 15 MB). */
  importMaxBytes: 20 * 1024 * 1024,
  /** The preview lists this many items and this many rejected lines; the counts cover every row. */
  previewItems: 200,
  previewRejected: 100,
  /** A roster sync has at most this many Battle.net calls in flight. */
  rosterConcurrency: 4,
  /** The runs listed on the Sources tab. */
  runs: 20,
} as const;

/** The import pipeline's messages. */
export const DATA_SOURCE_MESSAGES = {
  emptyFile: 'The file is empty: export the loot history from RCLootCouncil (History, Export, CSV or TSV) and upload that file',
  notAnExport:
    'This file is not an RCLootCouncil loot history export: its first line should be the header the addon writes (player, date, time, item, itemID, itemString, response, …)',
  fileTooLarge: `The file is larger than the ${20} MB import limit: export a shorter date range from RCLootCouncil and import it in parts`,
  importRefused: 'Nothing was imported: some lines were rejected. Fix them (or remove them) and import the file again',
  nothingToImport: 'The export holds no loot entries',
  characterNotFound: 'Character not found in this guild',
  characterExists: 'This guild already has a character of that name on that realm',
  characterRetired: 'Character retired',
  characterSaved: 'Character saved',
  characterAdded: 'Character added',
  battlenetNotConfigured:
    'Battle.net is not configured on this server (BNET_CLIENT_ID and BNET_CLIENT_SECRET are not set), so the roster cannot be synced',
  battlenetCredentialsRefused:
    'Battle.net refused the client credentials (BNET_CLIENT_ID / BNET_CLIENT_SECRET): check them in the Battle.net developer portal',
  rosterSyncRunning: 'A roster sync is already running for this guild',
  rosterSyncStarted: 'Roster sync started',
  rosterSyncNotFound: 'Roster sync not found',
  rosterSyncInterrupted: 'The server stopped before this roster sync finished; it resumes where it stopped',
  rosterSyncFailed: 'Saving the roster failed; nothing was changed (see the server log)',
  regionUnsupported: 'Battle.net has no API for this guild’s region (CN); choose us, eu, kr or tw',
} as const;

/** The missing columns of an export, named. */
export const missingColumns = (columns: readonly string[]) =>
  `The export is missing ${columns.length === 1 ? 'the column' : 'these columns'}: ${columns.join(', ')}`;
/** A rejected line of an import, with its reason. */
export const rejectedLine = (line: number, reason: string) => `Line ${line}: ${reason}`;
/** The answer to an applied import. */
export const lootImported = (loot: number, added: number, changed: number) =>
  `Imported ${loot} loot entr${loot === 1 ? 'y' : 'ies'}; ${added} new character${added === 1 ? '' : 's'}, ${changed} updated`;
/** Two sources disagree on a character's class: shown, never overwritten silently. */
export const classConflict = (character: string, kept: string, offered: string) =>
  `${character} is a ${kept} here, but this source says ${offered}: the class was kept`;
/** The roster of a guild Battle.net does not know. */
export const rosterGuildNotFound = (guild: string, realm: string, region: string) =>
  `Battle.net has no guild "${guild}" on ${realm} (${region.toUpperCase()}): check the guild's name and realm`;
/** Battle.net did not answer or answered with an error. */
export const battlenetUnavailable = (reason: string) => `Battle.net is unavailable: ${reason}`;

/** A run's outcome in words: "4 new, 2 left". */
export function runOutcome(counts: DataSourceCounts): string {
  const parts = [
    counts.new ? `${counts.new} new` : null,
    counts.changed ? `${counts.changed} changed` : null,
    counts.left ? `${counts.left} left` : null,
    counts.loot ? `${counts.loot} loot` : null,
    counts.fights ? `${counts.fights} fight${counts.fights === 1 ? '' : 's'}` : null,
    counts.wishlists ? `${counts.wishlists} wishlist${counts.wishlists === 1 ? '' : 's'}` : null,
    counts.rejected ? `${counts.rejected} rejected` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'no changes';
}

const RUN_VERBS: Readonly<Record<CharacterSourceType, string>> = {
  battlenet: 'Roster synced',
  loot_import: 'Loot imported',
  manual: 'Changed by hand',
  combat_log: 'Logs imported',
  raiderio: 'Raider.IO synced',
  wowaudit: 'WoWAudit synced',
};

/** A run in one line, `ago` as the screen words it: "Roster synced 3 hours ago: 4 new, 2 left". */
export function runHeadline(run: Pick<DataSourceRun, 'sourceType' | 'status' | 'outcome' | 'error'>, ago: string): string {
  if (run.status === 'failed')
    return `${CHARACTER_SOURCE_LABELS[run.sourceType]} run failed ${ago}: ${run.error ?? 'no reason given'}`;
  return `${RUN_VERBS[run.sourceType]} ${ago}: ${run.outcome}`;
}

/** What a run did, per kind of change. */
export const dataSourceCounts = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  left: z.number().int().optional(),
  loot: z.number().int().optional(),
  /** Boss fights a Warcraft Logs import added. */
  fights: z.number().int().optional(),
  /** Characters whose wishlist a WoWAudit sync changed (its imported items replaced; the member's own kept). */
  wishlists: z.number().int().optional(),
});
/** Counts of a run. */
export type DataSourceCounts = z.infer<typeof dataSourceCounts>;

/** One source's record of a character (spec 2 §3). */
export const characterSource = z.object({
  sourceType: z.enum(CHARACTER_SOURCE_TYPES),
  occurrenceCount: z.number().int(),
  lastSeenAt: z.string(),
});

/** A character as the sources made it. */
export const sourcedCharacter = z.object({
  id: z.string(),
  name: z.string(),
  realm: z.string(),
  class: z.enum(WOW_CLASSES),
  spec: z.string().nullable(),
  role: z.enum(CHARACTER_ROLES).nullable(),
  level: z.number().int(),
  itemLevel: z.number().nullable(),
  itemLevelEquipped: z.number().nullable(),
  /** Raider.IO's Mythic+ score of the current season. */
  mythicPlusScore: z.number().nullable(),
  race: z.string().nullable(),
  guildRank: z.number().int().nullable(),
  /** WoWAudit's rank of the team, in words ('Main', 'Trial'). */
  teamRank: z.string().nullable(),
  battlenetId: z.string().nullable(),
  armoryAvatarUrl: z.string().nullable(),
  armoryRenderUrl: z.string().nullable(),
  lastActivityDate: z.string().nullable(),
  leftGuildAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  sources: z.array(characterSource),
});
/** A sourced character. */
export type SourcedCharacter = z.infer<typeof sourcedCharacter>;

const uploadFileName = z
  .string()
  .trim()
  .max(255)
  .refine(...displayNameRule('File name'))
  .default('loot-history.csv');

/**
 * An RCLootCouncil export sent as JSON: its text as the file holds it. The file itself may be sent instead, as the
 * request's body (`Content-Type: text/csv`, `text/tab-separated-values`, `text/plain` or `application/octet-stream`)
 * with its name in the query: the server reads it as it arrives, so a large export is never held whole.
 */
export const lootImportBody = z
  .object({ fileName: uploadFileName, content: z.string() })
  .nullish()
  .describe('The export as JSON; absent when the body is the file itself');

/** The name of an export sent as the request's body. */
export const lootImportQuery = z.object({ fileName: uploadFileName });

/** The content types an export may be sent as, the file itself as the body. */
export const LOOT_UPLOAD_CONTENT_TYPES = [
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/octet-stream',
] as const;

/** One row of the preview. */
export const lootImportItem = z.object({
  line: z.number().int(),
  player: z.string(),
  item: z.string(),
  boss: z.string().nullable(),
  response: z.string().nullable(),
  awardedAt: z.string().nullable(),
  status: z.enum(['new', 'unchanged', 'rejected']),
  reason: z.string().nullable(),
});

/** A character the import would add or change. */
export const previewCharacter = z.object({
  name: z.string(),
  realm: z.string(),
  class: z.string(),
  status: z.enum(['new', 'changed', 'unchanged']),
  changes: z.array(z.string()),
});

/** What an import would do, before it does it. */
export const lootImportPreview = z.object({
  success: z.literal(true),
  format: z.enum(['csv', 'tsv']),
  rows: z.number().int(),
  loot: dataSourceCounts,
  characters: dataSourceCounts,
  items: z.array(lootImportItem).describe(`The first ${DATA_SOURCE_LIMITS.previewItems} rows`),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string(), message: z.string() })),
  characterChanges: z.array(previewCharacter),
  conflicts: z.array(z.object({ character: z.string(), message: z.string() })),
});
/** An import preview. */
export type LootImportPreview = z.infer<typeof lootImportPreview>;

/** One run of a source. */
export const dataSourceRun = z.object({
  id: z.string(),
  sourceType: z.enum(CHARACTER_SOURCE_TYPES),
  status: z.enum(['succeeded', 'failed']),
  counts: dataSourceCounts,
  outcome: z.string().describe('"4 new, 2 left"'),
  subject: z.string().nullable(),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  actorName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
/** A source run. */
export type DataSourceRun = z.infer<typeof dataSourceRun>;

/** A character added by hand. */
export const manualCharacterBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(64)
    .refine(...displayNameRule('Name')),
  realm: z
    .string()
    .trim()
    .min(1, 'Realm is required')
    .max(64)
    .refine(...displayNameRule('Realm')),
  class: z.enum(WOW_CLASSES),
  spec: z
    .string()
    .trim()
    .max(40)
    .refine(...displayNameRule('Spec'))
    .nullable()
    .optional(),
  role: z.enum(CHARACTER_ROLES).nullable().optional(),
  level: z.number().int().min(1).max(80).optional(),
  itemLevel: z.number().min(0).max(1000).nullable().optional(),
});
/** A character changed by hand: any of the fields. */
export const manualCharacterPatch = manualCharacterBody.partial();

/** Which roster to sync; each part defaults to the guild's own (name, realm, region). */
export const rosterSyncBody = z.object({
  region: z.enum(BATTLENET_REGIONS).optional(),
  realm: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(...displayNameRule('Realm'))
    .optional(),
  guildName: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine(...displayNameRule('Guild name'))
    .optional(),
});

/** A roster sync as its watchers see it. */
export const rosterSyncJob = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  phase: z.enum(['roster', 'profiles', 'saving', 'done']),
  fetched: z.number().int(),
  total: z.number().int().nullable(),
  counts: dataSourceCounts.nullable(),
  error: z.string().nullable(),
});
/** A roster sync job. */
export type RosterSyncJob = z.infer<typeof rosterSyncJob>;

const adminParams = z.object({ tenantId });
const characterParams = z.object({ tenantId, characterId: z.uuid() });
const characterListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  source: z.enum(CHARACTER_SOURCE_TYPES).optional(),
});
const characterAnswer = z.object({ success: z.literal(true), character: sourcedCharacter, message: z.string() });
const characterPage = z.object({
  success: z.literal(true),
  characters: z.array(sourcedCharacter),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
const applied = z.object({ success: z.literal(true), run: dataSourceRun, message: z.string() });
const runsAnswer = z.object({ success: z.literal(true), runs: z.array(dataSourceRun) });
const syncAnswer = z.object({ success: z.literal(true), job: rosterSyncJob, message: z.string() });

const ADMIN = '/api/admin/guilds/:tenantId/data-sources';
const COMMUNITY = '/api/guild/data-sources';

/** A guild's data sources on the admin side (Guild Management). */
export const dataSourcesApi = {
  runs: endpoint({
    method: 'GET',
    path: `${ADMIN}/runs`,
    summary: "The guild's latest source runs",
    params: adminParams,
    response: runsAnswer,
  }),
  characters: endpoint({
    method: 'GET',
    path: `${ADMIN}/characters`,
    summary: "The guild's characters with their sources",
    params: adminParams,
    query: characterListQuery,
    response: characterPage,
  }),
  previewLootImport: endpoint({
    method: 'POST',
    path: `${ADMIN}/loot-import/preview`,
    summary: 'What an RCLootCouncil export would add and change (writes nothing)',
    params: adminParams,
    query: lootImportQuery,
    body: lootImportBody,
    response: lootImportPreview,
  }),
  applyLootImport: endpoint({
    method: 'POST',
    path: `${ADMIN}/loot-import/apply`,
    summary: 'Imports an RCLootCouncil export in one transaction',
    params: adminParams,
    query: lootImportQuery,
    body: lootImportBody,
    response: applied,
  }),
  addCharacter: endpoint({
    method: 'POST',
    path: `${ADMIN}/characters`,
    summary: 'Adds a character by hand',
    params: adminParams,
    body: manualCharacterBody,
    response: characterAnswer,
  }),
  editCharacter: endpoint({
    method: 'PATCH',
    path: `${ADMIN}/characters/:characterId`,
    summary: 'Changes a character by hand',
    params: characterParams,
    body: manualCharacterPatch,
    response: characterAnswer,
  }),
  retireCharacter: endpoint({
    method: 'POST',
    path: `${ADMIN}/characters/:characterId/retire`,
    summary: 'Retires a character (kept with its loot, no longer on the roster)',
    params: characterParams,
    response: characterAnswer,
  }),
  startRosterSync: endpoint({
    method: 'POST',
    path: `${ADMIN}/battlenet/sync`,
    summary: "Queues a sync of the guild's Battle.net roster",
    params: adminParams,
    body: rosterSyncBody,
    response: syncAnswer,
  }),
  rosterSync: endpoint({
    method: 'GET',
    path: `${ADMIN}/battlenet/sync/:jobId`,
    summary: 'One roster sync',
    params: z.object({ tenantId, jobId: z.uuid() }),
    response: z.object({ success: z.literal(true), job: rosterSyncJob }),
  }),
} as const;

/** The selected guild's data sources for its officers (X-Guild-ID; characters.manage). */
export const communityDataSourcesApi = {
  runs: endpoint({ method: 'GET', path: `${COMMUNITY}/runs`, summary: "The guild's latest source runs", response: runsAnswer }),
  characters: endpoint({
    method: 'GET',
    path: `${COMMUNITY}/characters`,
    summary: "The guild's characters with their sources",
    query: characterListQuery,
    response: characterPage,
  }),
  previewLootImport: endpoint({
    method: 'POST',
    path: `${COMMUNITY}/loot-import/preview`,
    summary: 'What an RCLootCouncil export would add and change (writes nothing)',
    query: lootImportQuery,
    body: lootImportBody,
    response: lootImportPreview,
  }),
  applyLootImport: endpoint({
    method: 'POST',
    path: `${COMMUNITY}/loot-import/apply`,
    summary: 'Imports an RCLootCouncil export in one transaction',
    query: lootImportQuery,
    body: lootImportBody,
    response: applied,
  }),
  addCharacter: endpoint({
    method: 'POST',
    path: `${COMMUNITY}/characters`,
    summary: 'Adds a character by hand',
    body: manualCharacterBody,
    response: characterAnswer,
  }),
  editCharacter: endpoint({
    method: 'PATCH',
    path: `${COMMUNITY}/characters/:characterId`,
    summary: 'Changes a character by hand',
    params: z.object({ characterId: z.uuid() }),
    body: manualCharacterPatch,
    response: characterAnswer,
  }),
  retireCharacter: endpoint({
    method: 'POST',
    path: `${COMMUNITY}/characters/:characterId/retire`,
    summary: 'Retires a character',
    params: z.object({ characterId: z.uuid() }),
    response: characterAnswer,
  }),
  startRosterSync: endpoint({
    method: 'POST',
    path: `${COMMUNITY}/battlenet/sync`,
    summary: "Queues a sync of the guild's Battle.net roster",
    body: rosterSyncBody,
    response: syncAnswer,
  }),
  rosterSync: endpoint({
    method: 'GET',
    path: `${COMMUNITY}/battlenet/sync/:jobId`,
    summary: 'One roster sync of the selected guild',
    params: z.object({ jobId: z.uuid() }),
    response: z.object({ success: z.literal(true), job: rosterSyncJob }),
  }),
} as const;
