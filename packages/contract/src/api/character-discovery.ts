import { z } from 'zod';
import { AUTO_LINK, type ConfidenceBand } from '../auto-link';
import { CHARACTER_ROLES, LINK_PRIORITIES, LINK_TYPES, WOW_CLASSES } from '../characters';
import { discordGuildId, tenantId } from '../guild-ids';
import { CHARACTER_SOURCE_TYPES } from '../linking-test';
import { endpoint } from './common';

/** The messages of the Character Discovery Manager (spec 1 §2, §8) the shared catalog does not already hold. */
export const DISCOVERY_MESSAGES = {
  membersSynced: 'Discord members synced successfully',
  syncStarted: 'Discord member sync started',
  modalTitle: 'Automatic Character Linking',
  noMatches: 'No automatic matches found',
  loadResultsFailed: 'Failed to load results',
  noUnlinkedCharacters: 'No unlinked characters found',
  dropHint: 'Drag characters here to link',
  // Server reasons the spec does not quote; the web shows them after 'Failed to …: '.
  guildNotFound: 'Guild not found',
  characterNotFound: 'Character not found in this guild',
  memberNotInGuild: 'That Discord member is not a current member of this guild',
  linkNotFound: 'Character link not found in this guild',
  syncJobNotFound: 'Member sync not found',
  syncAlreadyRunning: 'A member sync is already running for this guild',
  noDiscordServer:
    'This guild is not connected to a Discord server (it has no Discord guild id), so its members cannot be synced',
  botTokenMissing: 'Discord is not configured on this server (DISCORD_BOT_TOKEN is not set), so members cannot be synced',
  ambiguousMatch: 'Another member matches this character as closely; link it by hand',
  alreadyLinkedSkip: 'The character is already linked',
} as const;

/** 'Failed to link character: {reason}' */
export const linkCharacterFailed = (reason: string) => `Failed to link character: ${reason}`;
/** 'Failed to unlink character: {reason}' */
export const unlinkCharacterFailed = (reason: string) => `Failed to unlink character: ${reason}`;
/** 'Failed to sync Discord members: {reason}', the toast of a sync that failed and changed nothing. */
export const syncMembersFailed = (reason: string) => `Failed to sync Discord members: ${reason}`;
/** 'Failed to find matches: {reason}' */
export const findMatchesFailed = (reason: string) => `Failed to find matches: ${reason}`;
/** 'Failed to apply auto-links: {reason}' */
export const applyAutoLinksFailed = (reason: string) => `Failed to apply auto-links: ${reason}`;
/** Beside the apply button: the high-confidence matches it leaves out because they are ambiguous. */
export const ambiguousLeftOut = (n: number) => `${n} ambiguous, choose by hand`;
/** 'Apply High Confidence Links (n)', the auto-link modal's apply button. */
export const applyHighConfidenceLabel = (n: number) => `Apply High Confidence Links (${n})`;
/** The refusal of a link whose character another member already has. */
export const characterAlreadyLinked = (character: string, member: string) => `${character} is already linked to ${member}`;
/** The answer to a link. */
export const characterLinked = (character: string, member: string) => `${character} linked to ${member}`;
/** The answer to an unlink. */
export const characterUnlinked = (character: string, member: string) => `${character} unlinked from ${member}`;
/** The answer to an applied auto-link run: how many of the attempted links were made. */
export const autoLinksApplied = (succeeded: number, attempted: number) =>
  `Linked ${succeeded} of ${attempted} high-confidence match${attempted === 1 ? '' : 'es'}`;

/** The answer to a dry run of the apply: how many links it would make. */
export const autoLinksDryRun = (wouldLink: number, attempted: number) =>
  `Dry run: ${wouldLink} of ${attempted} high-confidence match${attempted === 1 ? '' : 'es'} would be linked`;

/** A query flag: true/false, also as the strings a URL carries. */
const queryFlag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(fallback)
    .transform((value) => value === true || value === 'true');

/** The guild a discovery call works on (spec 1 §7: guildId is a parameter). */
const guildId = tenantId;
/** Paging of the discovery lists. */
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
};
const nullableNumber = z.number().nullable();

/** A character of the discovery screen (spec 1 §3 "Character (discovery)"); both spellings of name and realm. */
export const discoveryCharacter = z.object({
  id: z.string(),
  characterName: z.string(),
  name: z.string(),
  class: z.enum(WOW_CLASSES),
  spec: z.string().nullable(),
  role: z.enum(CHARACTER_ROLES).nullable(),
  level: z.number(),
  server: z.string(),
  realm: z.string(),
  itemLevel: z.object({ overall: nullableNumber, equipped: nullableNumber }),
  avatarUrl: z.string().nullable(),
  portraitUrl: z.string().nullable(),
  lastActivityDate: z.string().nullable().describe('ISO 8601; null when never seen'),
  activityCount: z.number(),
  guildNote: z.string().nullable(),
  officerNote: z.string().nullable(),
  /** Which sources saw it and how often (spec 2 §3), by source type. */
  sources: z.array(z.object({ sourceType: z.enum(CHARACTER_SOURCE_TYPES), occurrenceCount: z.number().int() })),
});
/** A discovery character. */
export type DiscoveryCharacter = z.infer<typeof discoveryCharacter>;

/** A character linked to a member, as the member's expanded row shows it (spec 1 §3). */
export const linkedCharacter = z.object({
  linkId: z.string(),
  id: z.string().describe('The character id'),
  name: z.string(),
  class: z.enum(WOW_CLASSES),
  role: z.enum(CHARACTER_ROLES).nullable(),
  spec: z.string().nullable(),
  server: z.string(),
  level: z.number(),
  isPrimary: z.boolean(),
  priority: z.enum(LINK_PRIORITIES),
  confidence: z.number().nullable().describe('0-100 for an automatic link; null for one made by hand or claimed'),
  linkType: z.enum(LINK_TYPES),
  linkedAt: z.string(),
});
/** A linked character. */
export type LinkedCharacter = z.infer<typeof linkedCharacter>;

/** Who a Discord member is, without their links: the auto-link results and errors name members this way. */
export const discoveryMemberRef = z.object({
  id: z.string().describe('The member row id'),
  discordUserId: z.string(),
  username: z.string(),
  globalName: z.string().nullable(),
  nickname: z.string().nullable().describe('The server nickname'),
  displayName: z.string().describe('nickname ?? globalName ?? username'),
  avatarUrl: z.string().nullable(),
});
/** A member reference. */
export type DiscoveryMemberRef = z.infer<typeof discoveryMemberRef>;

/** A chat-platform member (spec 1 §3) with the characters linked to them, primary first. */
export const discoveryMember = discoveryMemberRef.extend({
  joinedAt: z.string().nullable(),
  linkedCharacters: z.array(linkedCharacter),
});
/** A discovery member. */
export type DiscoveryMember = z.infer<typeof discoveryMember>;

/** A character link as link answers it. */
export const characterLink = z.object({
  id: z.string(),
  guildId: tenantId,
  characterId: z.string(),
  memberId: z.string(),
  discordUserId: z.string(),
  priority: z.enum(LINK_PRIORITIES),
  isPrimary: z.boolean(),
  confidence: z.number().nullable().describe('0-100, or null'),
  linkType: z.enum(LINK_TYPES),
  linkedAt: z.string(),
});
/** A character link. */
export type CharacterLink = z.infer<typeof characterLink>;

/** States of a member sync job. */
export const SYNC_STATUSES = ['running', 'succeeded', 'failed'] as const;
/** Steps of a member sync: pages are fetched first, then saved in one transaction. */
export const SYNC_PHASES = ['fetching', 'saving', 'done', 'failed'] as const;

/** What a finished member sync changed. */
export const memberSyncResult = z.object({
  added: z.number(),
  updated: z.number(),
  left: z.number().describe('Members marked as left: stored as current but absent from Discord'),
  total: z.number().describe('Current members after the sync'),
});
/** A member sync result. */
export type MemberSyncResult = z.infer<typeof memberSyncResult>;

/** A member sync job and how far it got. */
export const memberSyncJob = z.object({
  jobId: z.string(),
  guildId: tenantId,
  status: z.enum(SYNC_STATUSES),
  phase: z.enum(SYNC_PHASES),
  fetched: z.number().describe('Members fetched from Discord so far'),
  processed: z.number().describe('Members saved; 0 until the save'),
  result: memberSyncResult.nullable().describe('Set when the sync succeeded'),
  error: z.string().nullable().describe('Why the sync failed; nothing was changed'),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
/** A member sync job. */
export type MemberSyncJob = z.infer<typeof memberSyncJob>;

/** What a matched name was compared with (the matcher's `matchedAgainst`). */
export const MATCHED_AGAINST = ['username', 'globalName', 'nickname', 'note'] as const;
/** Confidence bands of the auto-link results, in the modal's order (spec 1 §9; confidenceBand scores them). */
export const CONFIDENCE_BANDS = ['high', 'medium', 'low'] as const satisfies readonly ConfidenceBand[];

/** One character a member matches (spec 1 §3 "Auto-link result"). */
export const autoLinkMatch = z.object({
  character: discoveryCharacter.extend({ isLinked: z.boolean() }),
  score: z.number().describe('0-1'),
  matchedAgainst: z.enum(MATCHED_AGAINST),
  matchedName: z.string().describe('The member name (or note) the character matched'),
  evidence: z
    .string()
    .describe("Why it matched: the string and the rule ('transliterated: Громмаш → grommash' for a name in another script)"),
  isAmbiguous: z
    .boolean()
    .describe('High band only: another member matches the character as closely, so Apply leaves it to be linked by hand'),
});
/** An auto-link match. */
export type AutoLinkMatch = z.infer<typeof autoLinkMatch>;

/** A member and the characters of one band they match, best first. */
export const autoLinkGroup = z.object({ discordUser: discoveryMemberRef, matches: z.array(autoLinkMatch) });
/** An auto-link group. */
export type AutoLinkGroup = z.infer<typeof autoLinkGroup>;

/** A compact character reference for the apply report. */
export const characterRef = z.object({ id: z.string(), name: z.string(), realm: z.string(), class: z.enum(WOW_CLASSES) });

/** One link the apply made (or would make, on a dry run). */
export const appliedAutoLink = z.object({
  linkId: z.string().nullable().describe('null on a dry run'),
  discordUser: discoveryMemberRef,
  character: characterRef,
  score: z.number(),
  matchedAgainst: z.enum(MATCHED_AGAINST),
});

/** One candidate the apply did not link, and why (ambiguous, already linked, or a failure). */
export const autoLinkError = z.object({ discordUser: discoveryMemberRef, character: characterRef, error: z.string() });

const guildQuery = z.object({ guildId });

/** The Character Discovery Manager's calls (spec 1 §7 Character discovery). */
export const characterDiscoveryApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/character-discovery/summary',
    summary: 'The header of the screen: the guild, its three counts and its latest member sync (running or not)',
    query: guildQuery,
    response: z.object({
      success: z.literal(true),
      guild: z.object({ id: z.string(), name: z.string(), server: z.string(), discordGuildId: discordGuildId.nullable() }),
      canSync: z.boolean().describe('The guild has a Discord guild id and the server has a bot token'),
      counts: z.object({ members: z.number(), unlinkedCharacters: z.number(), linkedCharacters: z.number() }),
      latestSync: memberSyncJob.nullable(),
    }),
  }),
  unlinkedCharacters: endpoint({
    method: 'GET',
    path: '/api/admin/character-discovery/characters/unlinked',
    summary: "The guild's characters linked to no member, by name; search covers name and both notes",
    query: guildQuery.extend({
      search: z.string().trim().max(100).optional(),
      class: z.enum(WOW_CLASSES).optional(),
      role: z.enum(CHARACTER_ROLES).optional(),
      ...paging,
    }),
    response: z.object({
      success: z.literal(true),
      characters: z.array(discoveryCharacter),
      total: z.number().describe('Unlinked characters matching the filters'),
      page: z.number(),
      limit: z.number(),
      filters: z
        .object({ classes: z.array(z.enum(WOW_CLASSES)), roles: z.array(z.enum(CHARACTER_ROLES)) })
        .describe('Classes and roles present among all unlinked characters, for the filter menus'),
    }),
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/admin/character-discovery/discord/members',
    summary: "The guild's current Discord members by display name; includeLinked adds their linked characters",
    query: guildQuery.extend({
      includeLinked: queryFlag(true),
      search: z.string().trim().max(100).optional(),
      ...paging,
    }),
    response: z.object({
      success: z.literal(true),
      members: z.array(discoveryMember),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
  }),
  link: endpoint({
    method: 'POST',
    path: '/api/admin/character-discovery/characters/link',
    summary:
      "Link a character to a member (priority main by drop); the member's first link is primary; 409 when the character is linked",
    body: z.object({
      characterId: z.string().uuid(),
      discordUserId: z.string().min(1).max(32),
      priority: z.enum(LINK_PRIORITIES).default('main'),
      guildId,
    }),
    response: z.object({ success: z.literal(true), link: characterLink, message: z.string() }),
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: '/api/admin/character-discovery/characters/link/:linkId',
    summary: "Remove a link; the member's oldest remaining link becomes primary when the primary goes",
    params: z.object({ linkId: z.string().uuid() }),
    query: guildQuery,
    response: z.object({ success: z.literal(true), link: characterLink, message: z.string() }),
  }),
  syncMembers: endpoint({
    method: 'POST',
    path: '/api/admin/character-discovery/discord/sync-members',
    summary: 'Start a member sync (202 at once); progress arrives on /admin as sync:progress, then sync:completed or sync:failed',
    body: guildQuery,
    response: z.object({ success: z.literal(true), jobId: z.string(), job: memberSyncJob, message: z.string() }),
  }),
  syncJob: endpoint({
    method: 'GET',
    path: '/api/admin/character-discovery/discord/sync-members/:jobId',
    summary: 'One member sync and how far it got',
    params: z.object({ jobId: z.string().uuid() }),
    response: z.object({ success: z.literal(true), job: memberSyncJob }),
  }),
  findAll: endpoint({
    method: 'POST',
    path: '/api/admin/characters/auto-link/find-all',
    summary: 'Match characters to members by name; results grouped per member into the three bands',
    body: z.object({
      guildId,
      minScore: z.number().min(0).max(1).default(AUTO_LINK.minScore),
      includeLinked: z.boolean().default(false),
    }),
    response: z.object({
      success: z.literal(true),
      summary: z.object({
        totalMatches: z.number(),
        usersWithMatches: z.number(),
        highConfidence: z.number(),
        mediumConfidence: z.number(),
        lowConfidence: z.number(),
        applicable: z.number().describe('High-band matches Apply would link: unambiguous, the character unlinked'),
        ambiguous: z.number().describe('High-band matches left out of Apply because another member matches as closely'),
      }),
      high: z.array(autoLinkGroup),
      medium: z.array(autoLinkGroup),
      low: z.array(autoLinkGroup),
      unlinkedCharacters: z
        .number()
        .describe('Unlinked characters of the guild; 0 shows DISCOVERY_MESSAGES.noUnlinkedCharacters'),
    }),
  }),
  createHighConfidence: endpoint({
    method: 'POST',
    path: '/api/admin/characters/auto-link/create-high-confidence',
    summary:
      'Link every unambiguous match at or above minScore in one transaction (automatic, confidence = score); dryRun changes nothing',
    body: z.object({
      guildId,
      minScore: z.number().min(AUTO_LINK.applyThreshold).max(1).default(AUTO_LINK.applyThreshold),
      dryRun: z.boolean().default(false),
    }),
    response: z.object({
      success: z.literal(true),
      dryRun: z.boolean(),
      succeeded: z.number().describe('Links made (on a dry run: links that would be made)'),
      attempted: z.number().describe('Unambiguous candidates at or above minScore: succeeded + errors'),
      errors: z.array(autoLinkError).describe('Candidates that could not be linked (changed meanwhile)'),
      skipped: z.array(autoLinkError).describe('Ambiguous candidates, left to be linked by hand'),
      links: z.array(appliedAutoLink),
      message: z.string(),
    }),
  }),
} as const;
