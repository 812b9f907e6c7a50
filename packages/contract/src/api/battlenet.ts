import { z } from 'zod';
import { tenantId } from '../guild-ids';
import { endpoint } from './common';
import { BATTLENET_REGIONS } from './player-accounts';

/** The cookie that binds a Battle.net connect to the browser that started it (path /auth/battlenet). */
export const BATTLENET_STATE_COOKIE = 'guildhall_battlenet_state';
/** How long a member has to approve on Battle.net: 10 minutes. */
export const BATTLENET_STATE_TTL_MS = 10 * 60 * 1000;
/** The parameter the callback comes back to /settings with: ?battlenetLink=<result>. */
export const BATTLENET_LINK_PARAM = 'battlenetLink';
/** A Battle.net region. */
export type BattlenetRegion = (typeof BATTLENET_REGIONS)[number];
/** How each region is named to the reader. */
export const BATTLENET_REGION_LABELS: Record<BattlenetRegion, string> = {
  us: 'Americas (US)',
  eu: 'Europe (EU)',
  kr: 'Korea (KR)',
  tw: 'Taiwan (TW)',
};

/** How a Battle.net connect ended: /settings?battlenetLink=<code>, with the text the settings page shows. */
export const BATTLENET_LINK_RESULTS = {
  connected: 'Battle.net connected. Your World of Warcraft characters were imported.',
  taken: 'This Battle.net account is already connected to another Guildhall member.',
  access_denied: 'Connecting Battle.net was cancelled.',
  state_mismatch: 'Connecting Battle.net expired or was started in another browser. Please try again.',
  exchange_failed: 'Battle.net did not answer as expected. Please try again.',
  not_configured: 'Battle.net is not configured on this server.',
} as const;
/** A code of BATTLENET_LINK_RESULTS. */
export type BattlenetLinkResult = keyof typeof BATTLENET_LINK_RESULTS;

/** The Battle.net card's other messages. */
export const BATTLENET_MESSAGES = {
  notConfigured: 'Battle.net is not configured on this server.',
  notConnected: 'No Battle.net account is connected.',
  disconnected: 'Battle.net disconnected. Your imported characters were removed; links already made stay.',
  disconnectConfirm:
    'Disconnect Battle.net? Your imported characters are removed and your player account loses its Battle.net link. Character links already made stay.',
  connectFailed: 'Could not start connecting Battle.net. Please try again.',
  disconnectFailed: 'Could not disconnect Battle.net. Please try again.',
} as const;

/** '{n} characters imported' */
export const charactersImported = (count: number) => `${count} ${count === 1 ? 'character' : 'characters'} imported`;

/** A character a verified connection claimed on a guild's roster. */
export const battlenetClaim = z.object({
  characterId: z.string(),
  name: z.string(),
  realm: z.string(),
  guildId: tenantId,
  guildName: z.string(),
});
/** A claimed roster character. */
export type BattlenetClaim = z.infer<typeof battlenetClaim>;

/** The signed-in member's verified Battle.net connection. */
export const battlenetConnection = z.object({
  battlenetId: z.string(),
  battletag: z.string(),
  region: z.enum(BATTLENET_REGIONS),
  verifiedAt: z.string(),
  lastImportAt: z.string().nullable(),
  characterCount: z.number(),
  /** Imported characters, highest level first. */
  characters: z.array(
    z.object({
      name: z.string(),
      realm: z.string(),
      class: z.string().nullable(),
      race: z.string().nullable(),
      level: z.number().nullable(),
    }),
  ),
  claims: z.array(battlenetClaim),
});
/** A verified Battle.net connection. */
export type BattlenetConnection = z.infer<typeof battlenetConnection>;

/** Connecting Battle.net from /settings (OAuth2 authorization code flow). */
export const battlenetApi = {
  connect: endpoint({
    method: 'GET',
    path: '/auth/battlenet',
    summary:
      'Start connecting Battle.net for the signed-in member: the authorize URL (the state is also set as a cookie); 503 when not configured',
    query: z.object({ region: z.enum(BATTLENET_REGIONS).default('us') }),
    response: z.object({ success: z.literal(true), authUrl: z.string() }),
  }),
  callback: endpoint({
    method: 'GET',
    path: '/auth/battlenet/callback',
    summary:
      "Battle.net's redirect back: checks the state, imports the profile and redirects to /settings?battlenetLink=<result>",
    query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }).loose(),
    response: z.unknown(),
  }),
  connection: endpoint({
    method: 'GET',
    path: '/api/me/battlenet',
    summary: "The member's verified Battle.net connection (null when none), and whether the server can connect one",
    response: z.object({ success: z.literal(true), isConfigured: z.boolean(), connection: battlenetConnection.nullable() }),
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/me/battlenet',
    summary: 'Disconnect Battle.net: the connection and its imported characters go, links already made stay; 404 when none',
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
} as const;
