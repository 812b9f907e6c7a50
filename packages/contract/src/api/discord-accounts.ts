import { z } from 'zod';
import { REGIONS } from '../constants';
import { discordGuildId, tenantId } from '../guild-ids';
import { linkedCharacter, memberSyncJob } from './character-discovery';
import { endpoint } from './common';
import { ACCOUNT_STATUSES, BATTLENET_REGIONS, DISCORD_ID_PATTERN, PLAYER_ACCOUNT_MESSAGES } from './player-accounts';

/** Discord user list and bot guild list paging. */
export const DISCORD_ACCOUNT_PAGE = { size: 25, maxSize: 100, buttons: 5 } as const;

/** Which Discord users the list shows: every one, or those the platform knows one way. */
export const DISCORD_USER_FILTERS = ['all', 'signed_in', 'member', 'linked'] as const;
/** A Discord user filter. */
export type DiscordUserFilter = (typeof DISCORD_USER_FILTERS)[number];
/** How each filter is named to the reader. */
export const DISCORD_USER_FILTER_LABELS: Record<DiscordUserFilter, string> = {
  all: 'All Discord users',
  signed_in: 'Signed in with Discord',
  member: 'Guild members',
  linked: 'Linked',
};

/** What the Discord user list sorts by. */
export const DISCORD_USER_SORTS = ['displayName', 'username', 'lastLogin', 'linkedCharacters', 'id'] as const;
/** A Discord user sort. */
export type DiscordUserSort = (typeof DISCORD_USER_SORTS)[number];
/** How each sort is named to the reader. */
export const DISCORD_USER_SORT_LABELS: Record<DiscordUserSort, string> = {
  displayName: 'Display name',
  username: 'Username',
  lastLogin: 'Last login',
  linkedCharacters: 'Linked characters',
  id: 'Discord id',
};

/** The Discord accounts screen's messages. */
export const DISCORD_ACCOUNT_MESSAGES = {
  loadUsersFailed: 'Failed to load Discord users',
  loadUserFailed: 'Failed to load the Discord user',
  loadBotGuildsFailed: "Failed to load the bot's guilds",
  noUsers: 'No Discord users are known yet. They appear once members are synced, sign in with Discord or are linked.',
  noUsersMatch: 'No Discord users match this search.',
  noBotGuilds: 'No guild has a Discord server yet.',
  noBotGuildsMatch: 'No guilds match this search.',
  loadingUsers: 'Loading Discord users...',
  loadingBotGuilds: "Loading the bot's guilds...",
  neverSynced: 'Never synced',
} as const;

/** 'Discord user not found: {id}': an id no sign-in, member list or link knows. */
export const discordUserNotFound = (id: string) => `Discord user not found: ${id}`;

/** The discriminator to show: none for Discord's new usernames ('0') or when unknown (spec 2 §2). */
export const visibleDiscriminator = (discriminator: string | null | undefined): string | null =>
  discriminator && discriminator !== '0' ? discriminator : null;

/** A Discord user the platform knows (spec 2 §3 "Chat user"), as one row of the list. */
export const chatUser = z.object({
  id: z.string().describe('The Discord user id (17-19 digits)'),
  username: z.string().nullable().describe('Null when only a player account names the id'),
  globalName: z.string().nullable(),
  displayName: z.string().describe('nickname ?? globalName ?? username, else the player account name, else the id'),
  discriminator: z.string().nullable().describe("Hidden when '0'; null when Discord never said"),
  avatar: z.string().nullable().describe("Discord's avatar hash"),
  avatarUrl: z.string().nullable().describe("Discord's CDN address of the avatar, or of the default avatar"),
  lastLogin: z.string().nullable().describe('Last sign-in to the community app or login of the player account'),
  isActive: z.boolean().describe('A current member of at least one guild'),
  verified: z.boolean().describe('Signed in with Discord: Discord proved the account is theirs'),
  linkedCharacters: z.number().describe('How many characters are linked to the user, in every guild'),
  guilds: z.number().describe('Guilds the user is a current member of'),
  hasPlayerAccount: z.boolean(),
});
/** A Discord user of the list. */
export type ChatUser = z.infer<typeof chatUser>;

/** The Discord user list's query; it lives in the URL on the web. */
export const discordUserListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(DISCORD_ACCOUNT_PAGE.maxSize).default(DISCORD_ACCOUNT_PAGE.size),
  search: z.string().trim().max(100).optional().describe('Part of the id, username, global name or a nickname'),
  filter: z.enum(DISCORD_USER_FILTERS).default('all'),
  sortBy: z.enum(DISCORD_USER_SORTS).default('displayName'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
/** Discord user list filters. */
export type DiscordUserListQuery = z.input<typeof discordUserListQuery>;

/** One guild membership of a Discord user, current or left. */
export const discordMembership = z.object({
  guildId: tenantId,
  guildName: z.string(),
  discordGuildId: discordGuildId.nullable(),
  nickname: z.string().nullable(),
  joinedAt: z.string().nullable(),
  leftAt: z.string().nullable().describe('Null while the user is a member'),
  lastSyncedAt: z.string().nullable(),
});
/** A guild membership. */
export type DiscordMembership = z.infer<typeof discordMembership>;

/** A character linked to the Discord user (spec 2 §3 "Linked character"), with its guild. */
export const discordLinkedCharacter = linkedCharacter.extend({ guildId: tenantId, guildName: z.string() });
/** A linked character with its guild. */
export type DiscordLinkedCharacter = z.infer<typeof discordLinkedCharacter>;

/** The player account that holds the Discord id. */
export const discordUserPlayerAccount = z.object({
  id: z.string(),
  displayName: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  discordLinkedAt: z.string().nullable(),
  battlenet: z
    .object({ id: z.string(), battletag: z.string().nullable(), region: z.enum(BATTLENET_REGIONS).nullable() })
    .nullable(),
});
/** A Discord user's player account. */
export type DiscordUserPlayerAccount = z.infer<typeof discordUserPlayerAccount>;

/** One Discord user in full: the row, memberships, linked characters and player account. */
export const discordUserDetail = z.object({
  user: chatUser,
  memberships: z.array(discordMembership),
  characters: z.array(discordLinkedCharacter),
  playerAccount: discordUserPlayerAccount.nullable(),
});
/** A Discord user in full. */
export type DiscordUserDetail = z.infer<typeof discordUserDetail>;

/** A guild tenant with a Discord server the bot serves. */
export const botGuild = z.object({
  guildId: tenantId,
  guildName: z.string(),
  server: z.string(),
  region: z.enum(REGIONS),
  isActive: z.boolean(),
  discordGuildId,
  memberCount: z.number().describe('Current members (left ones not counted)'),
  lastSync: memberSyncJob.nullable().describe('The latest member sync, or null when none ran'),
});
/** A bot guild. */
export type BotGuild = z.infer<typeof botGuild>;

/** The bot guild list's query. */
export const botGuildListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(DISCORD_ACCOUNT_PAGE.maxSize).default(DISCORD_ACCOUNT_PAGE.size),
  search: z.string().trim().max(100).optional().describe('Part of the guild name, server or Discord guild id'),
});
/** Bot guild list filters. */
export type BotGuildListQuery = z.input<typeof botGuildListQuery>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

/** The Discord accounts screen's API (admin.manage_roles). */
export const discordAccountsApi = {
  users: endpoint({
    method: 'GET',
    path: '/api/admin/discord/users',
    summary: 'The Discord users the platform knows (signed in, synced as members, linked), searched, sorted and paged in SQL',
    query: discordUserListQuery,
    response: z.object({ success: z.literal(true), data: z.array(chatUser), pagination }),
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/admin/discord/users/:id',
    summary: 'One Discord user with guild memberships, linked characters and player account; 404 when no source knows it',
    params: z.object({ id: z.string().regex(DISCORD_ID_PATTERN, PLAYER_ACCOUNT_MESSAGES.discordId) }),
    response: z.object({ success: z.literal(true), data: discordUserDetail }),
  }),
  botGuilds: endpoint({
    method: 'GET',
    path: '/api/admin/discord/bot-guilds',
    summary: "The bot's guilds: every guild tenant with a Discord server, its current member count and last member sync",
    query: botGuildListQuery,
    response: z.object({ success: z.literal(true), data: z.array(botGuild), pagination }),
  }),
} as const;
