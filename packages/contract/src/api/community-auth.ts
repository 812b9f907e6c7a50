import { z } from 'zod';
import { discordGuildId } from '../guild-ids';
import { BOT_PERMISSION_NAMES } from '../guild-permissions';
import { PASSWORD_MESSAGES, PASSWORD_RULE, passwordProblem } from '../password-rule';
import { endpoint } from './common';

/** Messages of the sign-in forms' own fields. */
export const ACCOUNT_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be between 2 and 32 characters',
  usernameCharacters: 'Username may contain letters, numbers, spaces, dots, dashes and underscores',
  tokenRequired: 'The link is missing its token',
} as const;

/** How a community user signs in (spec 1 §4). */
export const AUTH_METHODS = ['discord', 'email', 'both'] as const;
/** A sign-in method. */
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** Bot presence among the user's guilds (spec 1 §3); unknown until the guild list has loaded. */
export const BOT_STATUSES = ['unknown', 'none', 'single', 'multiple'] as const;
/** A bot status. */
export type BotStatus = (typeof BOT_STATUSES)[number];

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, ACCOUNT_FIELD_MESSAGES.emailRequired)
  .max(254, ACCOUNT_FIELD_MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ACCOUNT_FIELD_MESSAGES.emailInvalid);

/** A display username. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, ACCOUNT_FIELD_MESSAGES.usernameRequired)
  .min(2, ACCOUNT_FIELD_MESSAGES.usernameLength)
  .max(32, ACCOUNT_FIELD_MESSAGES.usernameLength)
  .regex(/^[\p{L}\p{N} ._-]+$/u, ACCOUNT_FIELD_MESSAGES.usernameCharacters);

/** A new password: the whole rule (length, common passwords, username, e-mail) runs once, on the whole form. */
export const newPasswordSchema = z.string();

/** Adds the password rule's message to `password`, knowing the username and e-mail of the form. */
const checkPassword = (form: { password: string; username?: string; email?: string }, ctx: z.RefinementCtx) => {
  const problem = passwordProblem(form.password, form);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
};

/** A community user (spec 1 §3 Auth user). */
export const communityUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  authMethod: z.enum(AUTH_METHODS),
  emailVerified: z.boolean(),
  hasBasicAccess: z.boolean().describe('May use the app: signed in with Discord, or e-mail verified (or not required)'),
  isAdmin: z.boolean().describe('Holds the guild-admin set in the selected guild'),
  selectedGuildId: discordGuildId.nullable().describe('Discord guild id of the selected guild'),
  avatarUrl: z.string().nullable(),
  globalName: z.string().nullable(),
  accountPermissions: z
    .object({
      isGlobalAdmin: z
        .boolean()
        .describe(
          'Spec 2 §7 (debug interface): always false, as Guildhall-wide rights belong to admin console accounts, which sign in apart',
        ),
    })
    .describe('Rights beyond any one guild'),
});
/** A community user. */
export type CommunityUser = z.infer<typeof communityUser>;

/** A guild as the guild picker sees it; `id` is the Discord guild id (the X-Guild-ID value). */
export const userGuild = z.object({
  id: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  isOwner: z.boolean(),
  hasBot: z.boolean(),
  canInstall: z.boolean().describe('Owner, Administrator or Manage Server: may add the bot'),
  tenantId: z.string().nullable().describe('The guild tenant (guilds.id) behind this Discord guild, once the bot is in'),
});
/** A guild for a user. */
export type UserGuild = z.infer<typeof userGuild>;

const ok = z.literal(true);
const tokens = {
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().describe('Seconds until the access token expires'),
};
const messageOnly = z.object({ success: ok, message: z.string() });
const guildList = {
  availableGuilds: z.array(userGuild),
  selectedGuildId: discordGuildId.nullable(),
  botStatus: z.enum(BOT_STATUSES),
};

/** Login form and body. */
export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, PASSWORD_MESSAGES.required).max(PASSWORD_RULE.maxLength, PASSWORD_MESSAGES.tooLong),
  rememberMe: z.boolean().default(false),
});
/**
 * A page of the community app to come back to (an invite's join page, say): a path of this site only, carried
 * through the verification mail.
 */
export const returnPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[\w\-./?=&%~]*$/, 'Not a path of this site');

/** Registration form and body, with the whole password rule; `returnPath` rides along in the verification link. */
export const registerBody = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    returnPath: returnPathSchema.optional(),
  })
  .superRefine(checkPassword);
/** Add-credentials form and body; the server also checks the password against the username. */
export const addCredentialsBody = z.object({ email: emailSchema, password: newPasswordSchema }).superRefine(checkPassword);
/** Change-password body: the current password, and a new one under the password rule (checked on the server too). */
export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_MESSAGES.required).max(PASSWORD_RULE.maxLength, PASSWORD_MESSAGES.tooLong),
    newPassword: newPasswordSchema,
  })
  .superRefine((form, ctx) => {
    const problem = passwordProblem(form.newPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
  });
/** Reset-password body; the server also checks the password against the account's username and e-mail. */
export const resetPasswordBody = z
  .object({ token: z.string().min(1, ACCOUNT_FIELD_MESSAGES.tokenRequired).max(200), password: newPasswordSchema })
  .superRefine((form, ctx) => checkPassword({ password: form.password }, ctx));

/**
 * The community sign-in API (spec 1 §7 Authentication). Every call accepts a bearer access token or the
 * Discord cookie session. Invalid tokens answer 401 (INVALID_TOKEN, TOKEN_EXPIRED, REFRESH_TOKEN_REUSED).
 */
export const communityAuthApi = {
  validate: endpoint({
    method: 'POST',
    path: '/auth/validate',
    summary: 'Check the bearer access token; 401 when it is invalid or expired',
    response: z.object({ success: ok, valid: z.boolean(), user: communityUser }),
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Rotate a refresh token; a reused one ends its whole sign-in (401 REFRESH_TOKEN_REUSED)',
    body: z.object({ refreshToken: z.string().min(1).max(200) }),
    response: z.object({ success: ok, ...tokens, user: communityUser }),
  }),
  user: endpoint({
    method: 'GET',
    path: '/auth/user',
    summary: 'The signed-in user',
    response: z.object({ success: ok, user: communityUser }),
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/auth/permissions',
    summary: "The user's permissions in the selected guild; empty while selection is required",
    response: z.object({
      success: ok,
      permissions: z.array(z.string()),
      requiresGuildSelection: z.boolean(),
      selectedGuildId: discordGuildId.nullable(),
    }),
  }),
  guilds: endpoint({
    method: 'GET',
    path: '/auth/guilds',
    summary: "The user's guilds, those with the bot, the selection and the bot status (applies spec 1 §4 rules)",
    response: z.object({ success: ok, guilds: z.array(userGuild), ...guildList }),
  }),
  selectGuild: endpoint({
    method: 'POST',
    path: '/auth/guilds/select',
    summary: 'Select a guild where the bot is present',
    body: z.object({ guildId: discordGuildId }),
    response: z.object({
      success: ok,
      guildName: z.string(),
      selectedGuildId: discordGuildId,
      permissions: z.array(z.string()),
      message: z.string().describe("'Switched to {guild}'"),
    }),
  }),
  verifyGuilds: endpoint({
    method: 'POST',
    path: '/auth/guilds/verify',
    summary: "Re-read the user's and the bot's guilds from Discord (no cache)",
    response: z.object({ success: ok, guilds: z.array(userGuild), ...guildList }),
  }),
  signInMethods: endpoint({
    method: 'GET',
    path: '/auth/providers',
    summary: 'The sign-in methods this server offers, for the signed-out pages; public, never refused',
    response: z.object({
      success: ok,
      discord: z.boolean().describe('Discord sign-in is configured (else GET /auth/discord answers 503)'),
      emailSignUp: z.boolean().describe('E-mail accounts can be registered (always, on this server)'),
      requireEmailVerification: z.boolean().describe('A new e-mail account must verify its address before signing in'),
    }),
  }),
  discord: endpoint({
    method: 'GET',
    path: '/auth/discord',
    summary: 'Start Discord sign-in: the authorize URL; 503 DISCORD_NOT_CONFIGURED without Discord settings',
    response: z.object({ success: ok, authUrl: z.string() }),
  }),
  discordCallback: endpoint({
    method: 'GET',
    path: '/auth/discord/callback',
    summary: "Discord's redirect back: sets the session cookie and redirects to the app (302)",
    query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }).loose(),
    response: z.unknown(),
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    body: loginBody,
    response: z.object({ success: ok, ...tokens, user: communityUser, message: z.string() }),
  }),
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account; signed in at once unless e-mail verification is required',
    body: registerBody,
    response: z.object({
      success: ok,
      accessToken: z.string().optional(),
      refreshToken: z.string().optional(),
      expiresIn: z.number().optional(),
      user: communityUser.nullable().describe('Null while verification is required: the user is not signed in'),
      requiresEmailVerification: z.boolean(),
      message: z.string(),
    }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the sign-in: revokes the refresh token (and its family) and the Discord session',
    body: z.object({ refreshToken: z.string().max(200).optional() }).nullish(),
    response: messageOnly,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/auth/verify-email',
    summary: 'Confirm an e-mail address with the token of its link',
    body: z.object({ token: z.string().min(1, ACCOUNT_FIELD_MESSAGES.tokenRequired).max(200) }),
    response: messageOnly,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Send a reset link; the same answer whether or not the account exists',
    body: z.object({ email: emailSchema }),
    response: messageOnly,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with the token of a reset link; ends every sign-in of the account',
    body: resetPasswordBody,
    response: messageOnly,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/auth/resend-verification',
    summary: 'Send a new verification link: to the signed-in user, or to `email` (same answer whether it exists)',
    body: z.object({ email: emailSchema.optional() }).nullish(),
    response: messageOnly,
  }),
  addCredentials: endpoint({
    method: 'POST',
    path: '/auth/add-credentials',
    summary: 'Give a Discord account an e-mail and password (authMethod becomes both)',
    body: addCredentialsBody,
    response: z.object({ success: ok, message: z.string(), user: communityUser }),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    summary: "Change the signed-in user's password; ends the account's other sign-ins",
    body: changePasswordBody,
    response: messageOnly,
  }),
  discordLink: endpoint({
    method: 'POST',
    path: '/auth/discord/link',
    summary:
      'Start linking Discord to the signed-in account (one without Discord): the authorize URL; the callback returns to /settings?discordLink=<result>',
    response: z.object({ success: ok, authUrl: z.string() }),
  }),
  guildCheck: endpoint({
    method: 'GET',
    path: '/auth/guild-check/:guildId',
    summary: 'Is the bot in this guild, and may the user add it',
    params: z.object({ guildId: discordGuildId }),
    response: z.object({ success: ok, guildId: discordGuildId, hasBot: z.boolean(), canInstall: z.boolean() }),
  }),
  botInvite: endpoint({
    method: 'POST',
    path: '/auth/bot-invite',
    summary: 'A least-privilege invite URL for the bot in one guild',
    body: z.object({
      guildId: discordGuildId,
      permissions: z.array(z.enum(BOT_PERMISSION_NAMES)).max(BOT_PERMISSION_NAMES.length).default([]),
    }),
    response: z.object({ success: ok, inviteUrl: z.string(), permissions: z.string().describe('The permission integer') }),
  }),
} as const;
