import { z } from 'zod';
import { COMMUNITY_PATHS, GUILD_HEADER } from '../community-constants';
import { GUILD_ABILITIES } from '../guild-abilities';
import { discordGuildId } from '../guild-ids';
import type { GuildPermission } from '../guild-permissions';
import { endpoint } from './common';

/** The guild permission that lets a member create and revoke the guild's invite links (an officer's). */
export const GUILD_INVITE_PERMISSION: GuildPermission = GUILD_ABILITIES.inviteMembers[0];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long a new invite link lives: the choices the forms offer, with their lifetimes. */
export const INVITE_EXPIRY_CHOICES = {
  '1h': { label: '1 hour', ms: HOUR_MS },
  '1d': { label: '1 day', ms: DAY_MS },
  '7d': { label: '7 days', ms: 7 * DAY_MS },
  '30d': { label: '30 days', ms: 30 * DAY_MS },
} as const;
/** A lifetime choice of INVITE_EXPIRY_CHOICES. */
export type InviteExpiry = keyof typeof INVITE_EXPIRY_CHOICES;
/** The lifetime choices in order, for validation. */
export const INVITE_EXPIRIES = Object.keys(INVITE_EXPIRY_CHOICES) as [InviteExpiry, ...InviteExpiry[]];

/** Limits of invite links: uses per link, links alive at once per guild, the defaults of the form. */
export const INVITE_LIMITS = {
  maxUses: 1000,
  activePerGuild: 100,
  defaultMaxUses: 1,
  defaultExpiry: '7d' as InviteExpiry,
} as const;

/** The use limits the forms offer (1 is a single-use link); the API takes any whole number up to the limit. */
export const INVITE_MAX_USES_CHOICES = [1, 5, 10, 25, 50, 100] as const;

/** Where an invite link stands: usable, or why not. */
export const INVITE_STATUSES = ['active', 'expired', 'revoked', 'used_up'] as const;
/** An invite link's status. */
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** What the invite screens and answers say. */
export const GUILD_INVITE_MESSAGES = {
  created: 'Invite link created',
  revoked: 'Invite link revoked',
  copied: 'Invite link copied',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  createFailed: 'Failed to create invite link',
  revokeFailed: 'Failed to revoke invite link',
  loadFailed: 'Failed to load invite links',
  joinFailed: 'Failed to join guild',
  maxUses: 'Uses must be a whole number between 1 and 1,000',
  notFound: 'This invite link is not valid. Check that you copied all of it, or ask an officer of the guild for a new one.',
  expired: 'This invite link has expired. Ask an officer of the guild for a new one.',
  revokedLink: 'This invite link was revoked. Ask an officer of the guild for a new one.',
  usedUp: 'This invite link has reached its use limit. Ask an officer of the guild for a new one.',
  guildClosed: 'This guild is not taking members through Guildhall right now. Ask an officer of the guild.',
  noDiscordServer: 'This guild has no Discord server linked yet, so nobody can join it through an invite link.',
  tooManyActive: `A guild can have at most ${INVITE_LIMITS.activePerGuild} active invite links. Revoke some first.`,
  alreadyRevoked: 'This invite link is already revoked.',
  linkNotFound: 'Invite link not found',
  pasteInvalid: 'Paste the invite link an officer gave you (it contains /join/).',
} as const;

/** Why an invite link cannot be used, in the words the join page and the API answer show. */
export const INVITE_STATUS_MESSAGES: Readonly<Record<Exclude<InviteStatus, 'active'>, string>> = {
  expired: GUILD_INVITE_MESSAGES.expired,
  revoked: GUILD_INVITE_MESSAGES.revokedLink,
  used_up: GUILD_INVITE_MESSAGES.usedUp,
};

/** 'Welcome to {guild}!' after joining through an invite link. */
export const joinedGuild = (guild: string) => `Welcome to ${guild}!`;
/** 'You are already a member of {guild}.' when accepting an invite of a guild the user has. */
export const alreadyGuildMember = (guild: string) => `You are already a member of ${guild}.`;

/** The join page of an invite code (COMMUNITY_PATHS.join). */
export const invitePath = (code: string) => `${COMMUNITY_PATHS.join}/${encodeURIComponent(code)}`;

/** The invite code in a pasted link (…/join/<code>) or a bare code; null when there is none. */
export function inviteCodeFrom(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /\/join\/([A-Za-z0-9_-]{8,100})(?:[/?#].*)?$/.exec(trimmed)?.[1];
  if (fromLink) return fromLink;
  return /^[A-Za-z0-9_-]{16,100}$/.test(trimmed) ? trimmed : null;
}

/** One invite link as its guild's officers and admins see it; the code itself is shown only when created. */
export const guildInvite = z.object({
  id: z.string(),
  codeHint: z.string().describe('The first characters of the code, to tell links apart'),
  maxUses: z.number(),
  uses: z.number(),
  status: z.enum(INVITE_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('The admin or member who made it (null once their account is gone)'),
  revokedAt: z.string().nullable(),
});
/** An invite link. */
export type GuildInvite = z.infer<typeof guildInvite>;

/** The form of a new invite link. */
export const createInviteBody = z.object({
  maxUses: z.coerce
    .number({ error: GUILD_INVITE_MESSAGES.maxUses })
    .int(GUILD_INVITE_MESSAGES.maxUses)
    .min(1, GUILD_INVITE_MESSAGES.maxUses)
    .max(INVITE_LIMITS.maxUses, GUILD_INVITE_MESSAGES.maxUses)
    .default(INVITE_LIMITS.defaultMaxUses),
  expiresIn: z.enum(INVITE_EXPIRIES).default(INVITE_LIMITS.defaultExpiry),
});
/** A new invite link's settings. */
export type CreateInviteInput = z.input<typeof createInviteBody>;

/** The invite list's filter (active links, or every link with its status) and page; newest first. */
export const inviteListQuery = z.object({
  status: z.enum(['active', 'all']).default('active'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const ok = z.literal(true);
const inviteList = z.object({
  success: ok,
  invites: z.array(guildInvite),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
const createdInvite = z.object({
  success: ok,
  message: z.string(),
  invite: guildInvite,
  code: z.string().describe('The secret code: shown now and never again'),
  url: z.string().describe('PUBLIC_URL/join/<code>'),
});
const revokedInvite = z.object({ success: ok, message: z.string(), invite: guildInvite });
const adminParams = z.object({ id: z.string().uuid() });
const adminInviteParams = z.object({ id: z.string().uuid(), inviteId: z.string().uuid() });
const inviteParams = z.object({ inviteId: z.string().uuid() });
const codeParams = z.object({ code: z.string().min(1).max(200) });

/** Invite links of one guild tenant in the admin console (whoever may open Guild Management). */
export const adminGuildInvitesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:id/invites',
    summary: "A guild's invite links, newest first",
    params: adminParams,
    query: inviteListQuery,
    response: inviteList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/guilds/:id/invites',
    summary: 'Create an invite link (uses, expiry); the answer carries the code once',
    params: adminParams,
    body: createInviteBody,
    response: createdInvite,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/admin/guilds/:id/invites/:inviteId',
    summary: 'Revoke an invite link',
    params: adminInviteParams,
    response: revokedInvite,
  }),
} as const;

/** Invite links of the selected guild for its officers (GUILD_INVITE_PERMISSION in the guild of X-Guild-ID). */
export const guildInvitesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/guild/invites',
    summary: `The invite links of the selected guild (${GUILD_HEADER}), newest first`,
    query: inviteListQuery,
    response: inviteList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/guild/invites',
    summary: 'Create an invite link for the selected guild; the answer carries the code once',
    body: createInviteBody,
    response: createdInvite,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/guild/invites/:inviteId',
    summary: 'Revoke an invite link of the selected guild',
    params: inviteParams,
    response: revokedInvite,
  }),
} as const;

/** What an invite code leads to, shown before signing in. */
export const invitePreview = z.object({
  guildId: discordGuildId
    .nullable()
    .describe('Discord guild id (the X-Guild-ID value); null when the guild has no Discord server'),
  guildName: z.string(),
  iconUrl: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
  expiresAt: z.string(),
  usesLeft: z.number(),
});
/** An invite preview. */
export type InvitePreview = z.infer<typeof invitePreview>;

/** The join page's calls: anyone may read an invite code; a signed-in community user accepts it. */
export const inviteJoinApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/invites/:code',
    summary: 'The guild of an invite code and whether it can be used (404 for an unknown code); no sign-in needed',
    params: codeParams,
    response: z.object({
      success: ok,
      invite: invitePreview,
      message: z.string().nullable().describe('Why the link cannot be used, when it cannot'),
    }),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invites/:code/accept',
    summary:
      'Join the guild: takes one use atomically, grants the member permissions and selects the guild. 410 for an expired, revoked or used-up link, 409 for a guild the user already has',
    params: codeParams,
    response: z.object({
      success: ok,
      message: z.string(),
      guild: z.object({ id: z.string(), name: z.string() }),
      selectedGuildId: discordGuildId,
    }),
  }),
} as const;
