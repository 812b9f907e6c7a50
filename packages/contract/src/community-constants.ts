/** Header that names the selected guild (a Discord guild id) on guild-scoped calls (spec 1 §7). */
export const GUILD_HEADER = 'X-Guild-ID';

/** Cookie of the Discord sign-in session: httpOnly, SameSite=Lax, so the redirect back from Discord carries it. */
export const COMMUNITY_SESSION_COOKIE = 'guildhall_session';
/**
 * Set and cleared with COMMUNITY_SESSION_COOKIE, but readable by the page and holding no secret ('1'): the app
 * asks GET /auth/user for the cookie session only when it is there, so a signed-out visit makes no call that fails.
 */
export const COMMUNITY_SESSION_HINT_COOKIE = 'guildhall_signed_in';
/** Short-lived httpOnly cookie that binds a Discord sign-in's `state` to the browser that started it. */
export const DISCORD_STATE_COOKIE = 'guildhall_discord_state';

/** Access token (JWT) lifetime: 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh token lifetime with "remember me": 30 days. */
export const REFRESH_TOKEN_TTL_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** Refresh token lifetime without "remember me": 1 day (the web keeps it for the browser session only). */
export const REFRESH_TOKEN_TTL_SESSION_MS = 24 * 60 * 60 * 1000;
/** Discord cookie session lifetime: 30 days. */
export const COMMUNITY_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** E-mail verification link lifetime: 24 hours. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Password reset link lifetime: 1 hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** How long a Discord sign-in may take between leaving for Discord and coming back: 10 minutes. */
export const DISCORD_STATE_TTL_MS = 10 * 60 * 1000;
/** How long the bot's guild list is cached: 60 seconds. */
export const BOT_GUILDS_CACHE_MS = 60 * 1000;

/** Pages of the community app the server links or redirects to. */
export const COMMUNITY_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  selectGuild: '/select-guild',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  settings: '/settings',
  /** The guild's raids: the calendar and sign-ups. */
  raids: '/raids',
  /** The guild's data sources, for its officers (characters.manage). */
  dataSources: '/data-sources',
  /** One raid: its answers, composition board and history (officers edit and cancel it there). */
  raid: '/raids/:raidId',
  /** The guild's loot: a member's loot, standings, the log, and the officers' awards and council. */
  loot: '/loot',
  /** An invite link's page: /join/<code>. */
  join: '/join',
  /** The guild's roster: members, their characters, marks and attendance. */
  roster: '/roster',
} as const;

/** A rate limit: at most `limit` hits per `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Community sign-in rate limits, per client IP and per account (e-mail address or user). */
export const COMMUNITY_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  registerPerAccount: { limit: 5, windowMs: HOUR },
  forgotPasswordPerIp: { limit: 10, windowMs: HOUR },
  forgotPasswordPerAccount: { limit: 3, windowMs: HOUR },
  resendVerificationPerIp: { limit: 10, windowMs: HOUR },
  resendVerificationPerAccount: { limit: 3, windowMs: HOUR },
  addCredentialsPerAccount: { limit: 10, windowMs: HOUR },
  changePasswordPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Invite codes are 24-character random secrets; the limit makes guessing at them pointless even so. */
  inviteCodePerIp: { limit: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/**
 * Why a Discord sign-in came back to COMMUNITY_PATHS.login as `?error=<code>`, with the text the page shows.
 */
export const DISCORD_SIGN_IN_ERRORS = {
  access_denied: 'Discord sign-in was cancelled.',
  state_mismatch: 'Discord sign-in expired or was started in another browser. Please try again.',
  exchange_failed: 'Discord sign-in failed. Please try again.',
  not_configured: 'Discord sign-in is not configured',
} as const;
/** A code of DISCORD_SIGN_IN_ERRORS. */
export type DiscordSignInError = keyof typeof DISCORD_SIGN_IN_ERRORS;

/**
 * How linking Discord to a signed-in account ended: COMMUNITY_PATHS.settings?discordLink=<code>, with the text
 * the settings page shows.
 */
export const DISCORD_LINK_RESULTS = {
  linked: 'Discord linked. You can now sign in with Discord too, and your Discord servers are listed.',
  taken: 'This Discord account is already linked to another Guildhall account.',
  already_linked: 'Your account is already linked to a Discord account.',
  access_denied: 'Discord linking was cancelled.',
  state_mismatch: 'Discord linking expired or was started in another browser. Please try again.',
  exchange_failed: 'Discord linking failed. Please try again.',
  not_configured: 'Discord sign-in is not configured',
} as const;
/** Settings' Link Discord card on a server that has no Discord application configured. */
export const DISCORD_LINK_UNAVAILABLE =
  'Discord is not set up on this server, so it cannot be linked yet. An operator can configure it (DISCORD_CLIENT_ID).';
/** A code of DISCORD_LINK_RESULTS. */
export type DiscordLinkResult = keyof typeof DISCORD_LINK_RESULTS;
