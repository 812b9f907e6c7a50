import { z } from 'zod';
import { displayNameRule } from '../text-rules';
import { whenMissing } from '../validation-messages';
import { endpoint } from './common';

/** Account status values (spec 2 §4): merged is shown, never chosen in the form. */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'suspended', 'merged'] as const;
/** An account status. */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** The statuses the form offers. */
export const SELECTABLE_ACCOUNT_STATUSES = ['active', 'inactive', 'suspended'] as const;
/** Battle.net regions (spec 2 §9). */
export const BATTLENET_REGIONS = ['us', 'eu', 'kr', 'tw'] as const;
/** The providers an account links to. */
export const LINK_PROVIDERS = ['discord', 'battlenet'] as const;
/** A link provider. */
export type LinkProvider = (typeof LINK_PROVIDERS)[number];
/** How each provider is named to the reader. */
export const LINK_PROVIDER_LABELS: Record<LinkProvider, string> = { discord: 'Discord', battlenet: 'Battle.net' };

/** Account list paging, the card's characters (spec 2 §9) and the most the detail dialog lists. */
export const PLAYER_ACCOUNT_PAGE = { size: 25, maxSize: 100, cardCharacters: 5, detailCharacters: 200 } as const;

/** A Discord user id: 17-19 digits (spec 2 §3). */
export const DISCORD_ID_PATTERN = /^\d{17,19}$/;

/** The account form's and link dialog's messages (spec 2 §5, §8). */
export const PLAYER_ACCOUNT_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameLength: 'Display name must be at least 2 characters',
  email: 'Please enter a valid email address',
  discordId: 'Please enter a valid Discord ID (numeric)',
  discordIdRequired: 'Please enter a Discord user ID',
  battletagRequired: 'Please enter a BattleTag',
  battlenetIdRequired: 'Please search for and select a Battle.net account first',
  status: 'Please choose active, inactive or suspended',
  noneSelected: 'Please select accounts to update',
  created: 'Account created successfully',
  saved: 'Account saved successfully',
  discordLinked: 'Discord account linked successfully',
  battlenetLinked: 'Battle.net account linked successfully',
  reasonRequired: 'Please give a reason for the unlink',
  linkDiscordFailed: 'Failed to link Discord account',
  linkBattlenetFailed: 'Failed to link Battle.net account',
  loadFailed: 'Failed to load player accounts',
  saveFailed: 'Failed to save account',
  discordUserFound: 'Discord user found',
  discordUserNotFound: 'Failed to find Discord user',
  discordNotConfigured:
    'Discord is not configured on this server (DISCORD_BOT_TOKEN is not set), so Discord users cannot be looked up',
  discordUserRequired: 'Please search for and select a Discord user first',
  battlenetAccountFound: 'Battle.net account found',
  battlenetAccountNotFound: 'Failed to find Battle.net account',
  /** What follows the not-found message: Battle.net ids are only known once the player has verified them. */
  battlenetHowToConnect:
    'No member has connected this Battle.net account yet. The player can connect it in Settings → Battle.net on the community site; it appears here once verified.',
  bulkFailed: 'Failed to start bulk update',
  accountLinked: 'Account linked successfully',
  refreshed: 'Data refreshed',
} as const;

/** 'Bulk update started for N accounts' (spec 2 §8). */
export const bulkUpdateStarted = (count: number) => `Bulk update started for ${count} accounts`;
/** Bulk update concurrency (spec 2 §9: 5) and the most one request may ask for. */
export const BULK_UPDATE = { defaultConcurrency: 5, maxConcurrency: 10, maxAccounts: 1000 } as const;

/** '{Provider} account unlinked successfully' */
export const accountUnlinked = (provider: LinkProvider) => `${LINK_PROVIDER_LABELS[provider]} account unlinked successfully`;
/** 'Failed to unlink {provider} account' */
export const unlinkFailed = (provider: LinkProvider) => `Failed to unlink ${LINK_PROVIDER_LABELS[provider]} account`;
/** 'Are you sure you want to unlink the {provider} account? This action cannot be undone.' */
export const unlinkConfirmation = (provider: LinkProvider) =>
  `Are you sure you want to unlink the ${LINK_PROVIDER_LABELS[provider]} account? This action cannot be undone.`;
/** 'Player account not found: {id}' */
export const playerAccountNotFound = (id: string) => `Player account not found: ${id}`;
/** 409: the id is another account's; forceLink moves it. */
export const linkHeldByOther = (provider: LinkProvider, holder: string) =>
  `This ${LINK_PROVIDER_LABELS[provider]} account is already linked to ${holder}. Link it anyway to move it here.`;
/** 409 on unlink: nothing to unlink. */
export const notLinked = (provider: LinkProvider) => `No ${LINK_PROVIDER_LABELS[provider]} account is linked`;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional text: blank or absent means null (spec 2 §5 "empty optional values are sent as null"). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const discordIdField = optionalText(19).refine((v) => v === null || DISCORD_ID_PATTERN.test(v), {
  message: PLAYER_ACCOUNT_MESSAGES.discordId,
});

/** The create/edit form (spec 2 §3 form payload, §5 rules). */
export const playerAccountInput = z.object({
  displayName: z
    .string(whenMissing(PLAYER_ACCOUNT_MESSAGES.displayNameRequired))
    .trim()
    .min(1, PLAYER_ACCOUNT_MESSAGES.displayNameRequired)
    .min(2, PLAYER_ACCOUNT_MESSAGES.displayNameLength)
    .max(100)
    .refine(...displayNameRule('Display name')),
  email: optionalText(254).refine((v) => v === null || EMAIL_SHAPE.test(v), { message: PLAYER_ACCOUNT_MESSAGES.email }),
  discordId: discordIdField,
  battlenetId: optionalText(64),
  accountStatus: z.enum(ACCOUNT_STATUSES, { error: PLAYER_ACCOUNT_MESSAGES.status }).default('active'),
  notes: optionalText(5000),
});
/** What the account form sends. */
export type PlayerAccountInput = z.input<typeof playerAccountInput>;

/** A character of the account: linked in some guild to its Discord id (spec 2 §3). */
export const playerCharacter = z.object({
  id: z.string(),
  character_name: z.string(),
  class: z.string(),
  level: z.number().nullable(),
  guild: z.string(),
  race: z.string().nullable(),
});
/** A character of a player account. */
export type PlayerCharacter = z.infer<typeof playerCharacter>;

/** A player account as the API returns it (spec 2 §3 "Player account"). */
export const playerAccount = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  discord_id: z.string().nullable(),
  battlenet_id: z.string().nullable(),
  discord_metadata: z
    .object({
      username: z.string().nullable(),
      discriminator: z.string().nullable(),
      globalName: z.string().nullable(),
      avatar: z.string().nullable(),
      linkedAt: z.string().nullable(),
    })
    .nullable(),
  battlenet_metadata: z
    .object({ battletag: z.string().nullable(), region: z.enum(BATTLENET_REGIONS).nullable(), linkedAt: z.string().nullable() })
    .nullable(),
  account_status: z.enum(ACCOUNT_STATUSES),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  linkState: z.object({ discord: z.boolean(), battlenet: z.boolean(), fully: z.boolean() }),
  /** Up to PLAYER_ACCOUNT_PAGE.cardCharacters with includeCharacters; up to detailCharacters from the read call. */
  characters: z.array(playerCharacter).optional(),
  /** Over all the account's characters, with includeCharacters. */
  characterSummary: z
    .object({ count: z.number(), maxLevel: z.number().nullable(), classes: z.number(), guilds: z.number() })
    .optional(),
});
/** A player account. */
export type PlayerAccount = z.infer<typeof playerAccount>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .default(false);

/** The list's query (spec 2 §7). */
export const playerAccountListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PLAYER_ACCOUNT_PAGE.maxSize).default(PLAYER_ACCOUNT_PAGE.size),
  includeCharacters: flag,
  includeStats: flag,
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive', 'linked', 'unlinked']).default('all'),
  linkedTo: z.enum(['all', 'discord', 'battlenet', 'both', 'none']).default('all'),
  sortBy: z.enum(['updated_at', 'displayName', 'created_at', 'last_login_at']).default('updated_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
/** Account list filters. */
export type PlayerAccountListQuery = z.input<typeof playerAccountListQuery>;

/** Player statistics (spec 2 §3); rates are percentages with one decimal. */
export const playerStatistics = z.object({
  total: z.number(),
  discordLinked: z.number(),
  battlenetLinked: z.number(),
  fullyLinked: z.number(),
  linkingRate: z.object({ discord: z.number(), battlenet: z.number(), full: z.number() }),
});
/** Player statistics. */
export type PlayerStatistics = z.infer<typeof playerStatistics>;

/** A Discord user as Discord answers for them (GET /users/{id} with the bot token). */
export const discordUserLookup = z.object({
  id: z.string(),
  username: z.string(),
  globalName: z.string().nullable(),
  /** Hidden when '0' (the new username system). */
  discriminator: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Discord's image service URL for the avatar hash, or the default avatar. */
  avatarUrl: z.string(),
  /** The player account that already holds this Discord id, if any. */
  heldBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
});
/** A looked-up Discord user. */
export type DiscordUserLookup = z.infer<typeof discordUserLookup>;

/** A verified Battle.net connection (a member connected it through Battle.net's OAuth), found by BattleTag or id. */
export const battlenetUserLookup = z.object({
  battlenetId: z.string(),
  battletag: z.string(),
  region: z.enum(BATTLENET_REGIONS),
  verifiedAt: z.string(),
  /** World of Warcraft characters imported from the account's profile. */
  characterCount: z.number(),
  heldBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
});
/** A looked-up Battle.net account. */
export type BattlenetUserLookup = z.infer<typeof battlenetUserLookup>;

/** Bulk update job states. */
export const BULK_JOB_STATUSES = ['running', 'completed', 'failed'] as const;
/** A bulk update as it runs and after: one account failing is reported in failures, never hidden. */
export const bulkUpdateJob = z.object({
  id: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  accountStatus: z.enum(SELECTABLE_ACCOUNT_STATUSES),
  total: z.number(),
  /** Accounts finished, updated or failed. */
  done: z.number(),
  updated: z.number(),
  failures: z.array(z.object({ accountId: z.string(), displayName: z.string().nullable(), error: z.string() })),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
/** A bulk update job. */
export type BulkUpdateJob = z.infer<typeof bulkUpdateJob>;

const accountParams = z.object({ id: z.string().uuid() });
const accountAnswer = z.object({ success: z.literal(true), data: playerAccount, message: z.string() });

/** The player account API (spec 2 §7 "Player accounts"). */
export const playerAccountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/players',
    summary: 'Player accounts, searched, filtered, sorted and paged in SQL',
    query: playerAccountListQuery,
    response: z.object({
      success: z.literal(true),
      data: z.array(playerAccount),
      pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
      statistics: playerStatistics.optional(),
    }),
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/api/admin/players/statistics',
    summary: 'How many accounts exist and how many are linked to Discord, Battle.net or both',
    response: z.object({ success: z.literal(true), data: playerStatistics }),
  }),
  read: endpoint({
    method: 'GET',
    path: '/api/admin/players/:id',
    summary: "One account with every character the detail dialog lists (spec 2 §2 'each character'); 404 when unknown",
    params: accountParams,
    response: z.object({ success: z.literal(true), data: playerAccount }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/players',
    summary: 'Create a player account; 409 when its Discord or Battle.net id is another account’s',
    body: playerAccountInput,
    response: accountAnswer,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/players/:id',
    summary: 'Update a player account; 409 when its Discord or Battle.net id is another account’s',
    params: accountParams,
    body: playerAccountInput,
    response: accountAnswer,
  }),
  linkDiscord: endpoint({
    method: 'POST',
    path: '/api/admin/players/:id/link-discord',
    summary: 'Link a Discord user; 409 naming the account that holds it, unless forceLink moves it here',
    params: accountParams,
    body: z.object({
      discordId: z
        .string(whenMissing(PLAYER_ACCOUNT_MESSAGES.discordIdRequired))
        .trim()
        .min(1, PLAYER_ACCOUNT_MESSAGES.discordIdRequired)
        .regex(DISCORD_ID_PATTERN, PLAYER_ACCOUNT_MESSAGES.discordId),
      forceLink: z.boolean().default(false),
    }),
    response: accountAnswer,
  }),
  linkBattlenet: endpoint({
    method: 'POST',
    path: '/api/admin/players/:id/link-battlenet',
    summary: 'Link a Battle.net account; 409 naming the account that holds it, unless forceLink moves it here',
    params: accountParams,
    body: z.object({
      battlenetId: z
        .string(whenMissing(PLAYER_ACCOUNT_MESSAGES.battlenetIdRequired))
        .trim()
        .min(1, PLAYER_ACCOUNT_MESSAGES.battlenetIdRequired)
        .max(64),
      battlenetInfo: z.object({
        battletag: z
          .string(whenMissing(PLAYER_ACCOUNT_MESSAGES.battletagRequired))
          .trim()
          .min(1, PLAYER_ACCOUNT_MESSAGES.battletagRequired)
          .max(64),
        region: z.enum(BATTLENET_REGIONS).default('us'),
      }),
      forceLink: z.boolean().default(false),
    }),
    response: accountAnswer,
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: '/api/admin/players/:id/unlink/:provider',
    summary: 'Unlink the Discord or Battle.net account, with the reason kept in the audit log',
    params: z.object({ id: z.string().uuid(), provider: z.enum(LINK_PROVIDERS) }),
    body: z.object({
      reason: z
        .string(whenMissing(PLAYER_ACCOUNT_MESSAGES.reasonRequired))
        .trim()
        .min(1, PLAYER_ACCOUNT_MESSAGES.reasonRequired)
        .max(500),
    }),
    response: accountAnswer,
  }),
  bulkUpdate: endpoint({
    method: 'POST',
    path: '/api/admin/players/bulk/update',
    summary:
      'Start a bulk status update (202 at once); at most maxConcurrency accounts at a time, progress on /admin as players:bulk-progress, then players:bulk-finished',
    body: z.object({
      accountIds: z
        .array(z.string().uuid(), { error: PLAYER_ACCOUNT_MESSAGES.noneSelected })
        .min(1, PLAYER_ACCOUNT_MESSAGES.noneSelected)
        .max(BULK_UPDATE.maxAccounts),
      updateData: z.object({ account_status: z.enum(SELECTABLE_ACCOUNT_STATUSES, { error: PLAYER_ACCOUNT_MESSAGES.status }) }),
      maxConcurrency: z.number().int().min(1).max(BULK_UPDATE.maxConcurrency).default(BULK_UPDATE.defaultConcurrency),
    }),
    response: z.object({ success: z.literal(true), data: bulkUpdateJob, message: z.string() }),
  }),
  bulkJob: endpoint({
    method: 'GET',
    path: '/api/admin/players/bulk/:jobId',
    summary: 'One bulk update job, for a screen that missed its socket events',
    params: z.object({ jobId: z.string().uuid() }),
    response: z.object({ success: z.literal(true), data: bulkUpdateJob }),
  }),
  discordUser: endpoint({
    method: 'GET',
    path: '/api/admin/discord/user/:id',
    summary: 'Ask Discord for a user by id (bot token); 404 when Discord does not know it, 503 without a bot token',
    params: z.object({ id: z.string().regex(DISCORD_ID_PATTERN, PLAYER_ACCOUNT_MESSAGES.discordId) }),
    response: z.object({ success: z.literal(true), data: discordUserLookup, message: z.string() }),
  }),
  battlenetUser: endpoint({
    method: 'GET',
    path: '/api/admin/battlenet/user/:id',
    summary: 'A verified Battle.net connection by BattleTag (Name#1234) or account id; 404 says how the player can connect',
    params: z.object({ id: z.string().trim().min(1, PLAYER_ACCOUNT_MESSAGES.battletagRequired).max(64) }),
    response: z.object({ success: z.literal(true), data: battlenetUserLookup, message: z.string() }),
  }),
} as const;
