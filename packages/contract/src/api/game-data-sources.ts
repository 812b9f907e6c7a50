import { z } from 'zod';
import { tenantId } from '../guild-ids';
import { endpoint } from './common';
import { dataSourceCounts, dataSourceRun, rosterSyncBody, rosterSyncJob } from './data-sources';

/** The sources a guild connects beside Battle.net and its files (issue 30). */
export const SYNCED_SOURCES = ['raiderio', 'wowaudit', 'combat_log'] as const;
/** A source synced as a job. */
export type SyncedSource = (typeof SYNCED_SOURCES)[number];

/** Limits of the synced sources. */
export const GAME_DATA_LIMITS = {
  /** A Raider.IO sync has at most this many calls in flight. */
  raiderIoConcurrency: 3,
  /** "The guild's latest reports" imports at most this many. */
  latestReports: 10,
  /** A WoWAudit key is at most this long. */
  keyMaxLength: 200,
} as const;

/** The synced sources' messages. */
export const GAME_DATA_MESSAGES = {
  syncStarted: 'Sync started',
  syncRunning: 'A sync of this source is already running for this guild',
  syncNotFound: 'Sync not found',
  syncInterrupted: 'The server stopped before this sync finished; it runs again from the start',
  syncFailed: 'Saving what the source sent failed; nothing was changed (see the server log)',
  keySaved: 'WoWAudit key saved',
  keyCleared: 'WoWAudit key removed',
  keyRequired: 'Paste the WoWAudit API key (WoWAudit: your team, Settings, API)',
  keyMissing: 'Save the guild’s WoWAudit API key first',
  keyRefused: 'WoWAudit refused the key: it is wrong or was revoked. Paste the current key from WoWAudit (Settings, API)',
  secretKeyMissing: 'Set CONFIG_SECRET_KEY on the server to store API keys',
  warcraftLogsNotConfigured:
    'Warcraft Logs is not configured on this server (WCL_CLIENT_ID and WCL_CLIENT_SECRET are not set), so reports cannot be imported',
  warcraftLogsCredentialsRefused:
    'Warcraft Logs refused the client credentials (WCL_CLIENT_ID / WCL_CLIENT_SECRET): check them at warcraftlogs.com/api/clients',
  reportRequired: 'Paste a report link or code, or choose the guild’s latest reports',
  reportInvalid:
    'This is not a Warcraft Logs report link or code (a code is 16 letters and digits, as in warcraftlogs.com/reports/a1B2c3D4e5F6g7H8)',
  noReports: 'Warcraft Logs lists no reports for this guild',
  regionUnsupported: 'These sources have no API for this guild’s region (CN); choose us, eu, kr or tw',
} as const;

/** A service that did not answer or answered with an error. */
export const sourceUnavailable = (service: string, reason: string) => `${service} is unavailable: ${reason}`;
/** A guild the source does not know. */
export const sourceGuildNotFound = (service: string, guild: string, realm: string, region: string) =>
  `${service} has no guild "${guild}" on ${realm} (${region.toUpperCase()}): check the guild's name and realm`;
/** A report Warcraft Logs does not have (or keeps private). */
export const reportNotFound = (code: string) =>
  `Warcraft Logs has no report ${code} (or it is private): check the link, and that the report is public or unlisted`;
/** Warcraft Logs' points of the hour are spent. */
export const warcraftLogsPointsSpent = (minutes: number) =>
  `Warcraft Logs' hourly API points are spent; they come back in ${minutes} min, and the import is tried again then`;

/** A report link (warcraftlogs.com/reports/CODE, with any fight or hash after it) or its bare code. */
export function reportCodeOf(text: string): string | null {
  const trimmed = text.trim();
  const fromUrl = trimmed.match(/warcraftlogs\.com\/reports\/([A-Za-z0-9]{16})(?:[/?#]|$)/);
  if (fromUrl) return fromUrl[1]!;
  return /^[A-Za-z0-9]{16}$/.test(trimmed) ? trimmed : null;
}

/** A sync of Raider.IO or WoWAudit, or an import of Warcraft Logs reports, as its watchers see it. */
export const sourceSyncJob = z.object({
  id: z.string(),
  sourceType: z.enum(SYNCED_SOURCES),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  phase: z.enum(['fetching', 'saving', 'done']),
  fetched: z.number().int(),
  total: z.number().int().nullable(),
  counts: dataSourceCounts.nullable(),
  conflicts: z.array(z.string()),
  error: z.string().nullable(),
});
/** A source sync job. */
export type SourceSyncJob = z.infer<typeof sourceSyncJob>;

/**
 * The room of the screens watching one guild's syncs (by its tenant id): on /admin joined with
 * `subscribe:data-sources` (Guild Management's permission), on /community by the guild's officers (characters.manage).
 */
export const dataSourcesRoom = (guildTenantId: string) => `data-sources:${guildTenantId}`;

/** A roster sync, a source sync or a logs import of a guild moved on: after each saved step, and when it ends. */
export const dataSourceProgress = z.object({ guildId: tenantId, job: z.union([rosterSyncJob, sourceSyncJob]) });
/** A sync's progress as pushed to its guild's room. */
export type DataSourceProgress = z.infer<typeof dataSourceProgress>;
/** What `subscribe:data-sources` sends: the guild whose syncs to watch. */
export const dataSourcesSubscription = z.object({ guildId: tenantId });

/** What a guild has connected, for the Sources screens. */
export const sourceConnections = z.object({
  battlenet: z.object({ isConfigured: z.boolean() }),
  raiderio: z.object({ isConfigured: z.literal(true) }),
  wowaudit: z.object({
    hasKey: z.boolean(),
    keySetAt: z.string().nullable(),
    keySetBy: z.string().nullable(),
    canStoreKeys: z.boolean(),
  }),
  combat_log: z.object({ isConfigured: z.boolean() }),
  /** The latest run of each source, by source type. */
  lastRuns: z.array(dataSourceRun),
});
/** A guild's source connections. */
export type SourceConnections = z.infer<typeof sourceConnections>;

/** A WoWAudit key to store (write-only). */
export const wowAuditKeyBody = z.object({
  key: z
    .string()
    .trim()
    .min(1, GAME_DATA_MESSAGES.keyRequired)
    .max(GAME_DATA_LIMITS.keyMaxLength)
    .regex(/^[\x21-\x7e]+$/, 'The key is letters, digits and symbols without spaces'),
});

/** Which reports to import: one by link or code, or the guild's latest. */
export const logsImportBody = z
  .object({
    report: z
      .string()
      .trim()
      .max(300)
      .refine((text) => reportCodeOf(text) !== null, GAME_DATA_MESSAGES.reportInvalid)
      .optional(),
    latest: z.number().int().min(1).max(GAME_DATA_LIMITS.latestReports).optional(),
  })
  .refine((body) => body.report !== undefined || body.latest !== undefined, {
    message: GAME_DATA_MESSAGES.reportRequired,
    path: ['report'],
  });

/** Raider.IO's guild: each part defaults to the guild's own. */
export const raiderIoSyncBody = rosterSyncBody;

const adminParams = z.object({ tenantId });
const syncAnswer = z.object({ success: z.literal(true), job: sourceSyncJob, message: z.string() });
const jobAnswer = z.object({ success: z.literal(true), job: sourceSyncJob });
const connectionsAnswer = z.object({ success: z.literal(true), connections: sourceConnections });
const keyAnswer = z.object({ success: z.literal(true), connections: sourceConnections, message: z.string() });

const ADMIN = '/api/admin/guilds/:tenantId/data-sources';
const COMMUNITY = '/api/guild/data-sources';

// The same calls on both sides; the admin side names the guild in its path, the community side by X-Guild-ID.
const calls = (base: string) =>
  ({
    connections: {
      method: 'GET',
      path: `${base}/connections`,
      summary: "What the guild has connected, and each source's latest run",
      response: connectionsAnswer,
    },
    saveWowAuditKey: {
      method: 'PUT',
      path: `${base}/wowaudit/key`,
      summary: "Stores the guild's WoWAudit API key (sealed, never shown again)",
      body: wowAuditKeyBody,
      response: keyAnswer,
    },
    clearWowAuditKey: {
      method: 'DELETE',
      path: `${base}/wowaudit/key`,
      summary: "Removes the guild's WoWAudit API key",
      response: keyAnswer,
    },
    startWowAuditSync: {
      method: 'POST',
      path: `${base}/wowaudit/sync`,
      summary: "Queues a sync of the guild's WoWAudit team",
      response: syncAnswer,
    },
    startRaiderIoSync: {
      method: 'POST',
      path: `${base}/raiderio/sync`,
      summary: "Queues a sync of the guild's Raider.IO profile and its members",
      body: raiderIoSyncBody,
      response: syncAnswer,
    },
    startLogsImport: {
      method: 'POST',
      path: `${base}/warcraftlogs/import`,
      summary: "Queues an import of a Warcraft Logs report, or of the guild's latest reports",
      body: logsImportBody,
      response: syncAnswer,
    },
    sourceSync: {
      method: 'GET',
      path: `${base}/syncs/:jobId`,
      summary: 'One sync of a Raider.IO, WoWAudit or Warcraft Logs source',
      response: jobAnswer,
    },
  }) as const;

const admin = calls(ADMIN);
const community = calls(COMMUNITY);

/** The synced sources of a guild on the admin side (Guild Management). */
export const gameDataSourcesApi = {
  connections: endpoint({ ...admin.connections, params: adminParams }),
  saveWowAuditKey: endpoint({ ...admin.saveWowAuditKey, params: adminParams }),
  clearWowAuditKey: endpoint({ ...admin.clearWowAuditKey, params: adminParams }),
  startWowAuditSync: endpoint({ ...admin.startWowAuditSync, params: adminParams }),
  startRaiderIoSync: endpoint({ ...admin.startRaiderIoSync, params: adminParams }),
  startLogsImport: endpoint({ ...admin.startLogsImport, params: adminParams }),
  sourceSync: endpoint({ ...admin.sourceSync, params: z.object({ tenantId, jobId: z.uuid() }) }),
} as const;

/** The synced sources of the selected guild for its officers (X-Guild-ID; characters.manage). */
export const communityGameDataSourcesApi = {
  connections: endpoint(community.connections),
  saveWowAuditKey: endpoint(community.saveWowAuditKey),
  clearWowAuditKey: endpoint(community.clearWowAuditKey),
  startWowAuditSync: endpoint(community.startWowAuditSync),
  startRaiderIoSync: endpoint(community.startRaiderIoSync),
  startLogsImport: endpoint(community.startLogsImport),
  sourceSync: endpoint({ ...community.sourceSync, params: z.object({ jobId: z.uuid() }) }),
} as const;
