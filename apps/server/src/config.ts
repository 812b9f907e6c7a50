import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_LOGIN_RATE_LIMIT,
  ADMIN_LOGIN_RATE_WINDOW_MS,
  COMMUNITY_RATE_LIMITS,
  METRICS_PUSH_MS,
  METRICS_SAMPLE_MS,
  type RateLimit,
  ROLE_SYNC_DEFAULT_INTERVAL_MS,
  type SystemSettingValues,
  TWO_FACTOR_GRACE_DAYS,
} from '@guildhall/contract';
import { z } from 'zod';
import { parseAllowedHosts } from './config/allowed-hosts';

/** The server package folder: one level above both src/ (tsx, tests) and dist/ (the bundle). */
const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const optionalText = z.string().optional();
const optionalUrl = z.url().optional();
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A bearer token a caller outside the console presents (the bot, a scraper): long enough not to be guessed. */
const bearerToken = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters (try: openssl rand -hex 32)`).optional();

/** The environment as .env.example lists it; blank values count as unset. */
const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // true/false, a hop count, or a comma-separated list of proxy addresses, as Fastify's trustProxy takes them.
  TRUST_PROXY: z.string().default('false'),
  SEED_DEMO_DATA: flag(true),
  DATABASE_URL: optionalText,
  /** The SQL runner's read-only connection; unset: DATABASE_URL signed in as guildhall_readonly without a password. */
  DATABASE_READONLY_URL: optionalText,
  /** Connections each app process keeps to PostgreSQL at most (the pg pool's max). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  GUILDHALL_DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalText,
  REDIS_PREFIX: z.string().default('guildhall:'),
  INFLUX_URL: optionalUrl,
  INFLUX_TOKEN: optionalText,
  INFLUX_ORG: optionalText,
  INFLUX_BUCKET: z.string().default('guildhall'),
  INFLUX_DATABASE: optionalText,
  INFLUX_USERNAME: optionalText,
  INFLUX_PASSWORD: optionalText,
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  ADMIN_LOGIN_RATE_LIMIT: positiveInt(ADMIN_LOGIN_RATE_LIMIT),
  REGISTER_RATE_LIMIT: positiveInt(COMMUNITY_RATE_LIMITS.registerPerIp.limit),
  LOGIN_RATE_LIMIT: positiveInt(COMMUNITY_RATE_LIMITS.loginPerIp.limit),
  HEALTH_CHECK_INTERVAL_MS: positiveInt(5000),
  SESSION_CHECK_INTERVAL_MS: positiveInt(30_000),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_API_BASE: z.url().default('https://discord.com/api/v10'),
  DISCORD_REDIRECT_URI: optionalUrl,
  /** The application's public key (64 hex characters): interactions are verified with it; unset, the endpoint answers 503. */
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'DISCORD_PUBLIC_KEY must be the 64 hex characters of the Developer Portal')
    .optional(),
  /** The application's id (commands, follow-ups); default: DISCORD_CLIENT_ID, which is the same id. */
  DISCORD_APPLICATION_ID: optionalText,
  /** Register the slash commands at start: unset (only with the CLI), "global", or comma-separated Discord server ids. */
  DISCORD_COMMANDS: optionalText,
  /** How long an interaction's work may run before its answer is deferred (Discord closes the window at 3 s). */
  DISCORD_DEFER_AFTER_MS: positiveInt(1500),
  /** A raid post is edited at most once per this many ms, however many answers come in between. */
  DISCORD_POST_EDIT_INTERVAL_MS: positiveInt(5000),
  /** How often every guild with role sync on is brought in step (besides roster changes and Sync now). */
  DISCORD_ROLE_SYNC_INTERVAL_MS: positiveInt(ROLE_SYNC_DEFAULT_INTERVAL_MS),
  BNET_CLIENT_ID: optionalText,
  BNET_CLIENT_SECRET: optionalText,
  BNET_API_BASE: optionalUrl,
  BNET_OAUTH_BASE: z.url().default('https://oauth.battle.net'),
  BNET_TIMEOUT_MS: positiveInt(10_000),
  BNET_REQUESTS_PER_SECOND: positiveInt(100),
  WCL_CLIENT_ID: optionalText,
  WCL_CLIENT_SECRET: optionalText,
  WCL_API_BASE: z.url().default('https://www.warcraftlogs.com/api/v2/client'),
  WCL_OAUTH_BASE: z.url().default('https://www.warcraftlogs.com/oauth'),
  RAIDERIO_API_BASE: z.url().default('https://raider.io/api/v1'),
  RAIDERIO_REQUESTS_PER_MINUTE: positiveInt(300),
  WOWAUDIT_API_BASE: z.url().default('https://wowaudit.com/v1'),
  GAME_DATA_TIMEOUT_MS: positiveInt(10_000),
  SOURCE_REFRESH_CHECK_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  SOURCE_REFRESH_EVERY_MS: positiveInt(24 * 60 * 60_000),
  // Unset: generated at first start and kept in app_meta, so restarts and every process share it.
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  REQUIRE_EMAIL_VERIFICATION: flag(true),
  /** Set, it fixes the System Settings screen's "Registration open" (read-only there). */
  REGISTRATION_OPEN: flag(true),
  /** Set, it fixes the System Settings screen's two-factor requirement for every admin (read-only there). */
  ADMIN_TWO_FACTOR_REQUIRED_FOR_ALL: flag(false),
  /** Set, it fixes the days an admin who must use two-factor sign-in may work without it (0 to 30). */
  ADMIN_TWO_FACTOR_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(TWO_FACTOR_GRACE_DAYS),
  /** Passkeys: the relying party id (a domain), its name, and the origins (comma-separated) a ceremony may come from. */
  WEBAUTHN_RP_ID: optionalText,
  WEBAUTHN_RP_NAME: z.string().trim().min(1).default('Guildhall'),
  WEBAUTHN_ORIGIN: optionalText,
  /** 32 bytes as 64 hex characters or base64: encrypts guild settings' secrets (an AI provider's API key). */
  CONFIG_SECRET_KEY: optionalText,
  /**
   * Comma-separated host or host:port entries that calls to admin- or officer-typed URLs (a guild's AI provider) may
   * reach although they are private, loopback or link-local (a provider on the local network, the tests' fakes).
   */
  OUTBOUND_ALLOWED_HOSTS: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Guildhall <no-reply@guildhall.local>'),
  WEB_DIST_DIR: optionalText,
  /** statement_timeout of the admin SQL query runner. */
  QUERY_TIMEOUT_MS: positiveInt(30_000),
  /** Names this process in metrics history, alerts and logs; default: host name and port. */
  INSTANCE_ID: optionalText,
  /** Unset: GET /metrics (Prometheus) answers 404; set: it asks for this bearer token. */
  METRICS_TOKEN: bearerToken('METRICS_TOKEN'),
  /** Log files: default {GUILDHALL_DATA_DIR}/logs, rotated at LOG_FILE_MAX_MB, LOG_FILE_COUNT files kept. */
  LOG_DIR: optionalText,
  LOG_FILE_MAX_MB: positiveInt(10),
  LOG_FILE_COUNT: positiveInt(5),
  /** Unset: the bot ingestion API (/api/bot/*) answers 503; set: it asks for this bearer token. */
  BOT_API_TOKEN: bearerToken('BOT_API_TOKEN'),
  /** Ingestion calls one bot token may make per minute. */
  BOT_RATE_LIMIT: positiveInt(120),
  /** Days a training dataset export's files are kept under {GUILDHALL_DATA_DIR}/exports. */
  ML_EXPORT_RETENTION_DAYS: positiveInt(7),
  /** How long a job runner's hold on a running job lasts unless renewed: a dead process's job is resumed after it. */
  JOB_LEASE_MS: positiveInt(30_000),
  /** How often a job runner looks for queued jobs (jobs queued by its own process start at once). */
  JOB_POLL_MS: positiveInt(2000),
});

/** Where the slash commands go at start, from DISCORD_COMMANDS. */
export type CommandScope = { kind: 'global' } | { kind: 'guilds'; guildIds: string[] } | null;

/** DISCORD_COMMANDS (or the CLI's --guilds) read: unset, "global", or Discord server ids separated by commas. */
export function commandScopeOf(value: string | undefined): CommandScope {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed.toLowerCase() === 'global') return { kind: 'global' };
  const guildIds = trimmed
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const wrong = guildIds.find((id) => !/^\d{17,20}$/.test(id));
  if (wrong) throw new Error(`DISCORD_COMMANDS: "${wrong}" is not a Discord server id (use "global" or ids separated by commas)`);
  return { kind: 'guilds', guildIds };
}

/** Fastify's trustProxy setting from TRUST_PROXY: true/false, a hop count, or proxy addresses. */
function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  const lowered = value.trim().toLowerCase();
  if (lowered === 'true' || lowered === 'false') return lowered === 'true';
  if (/^\d+$/.test(lowered)) {
    const hops = Number(lowered);
    return (_address, hop) => hop < hops;
  }
  return value.trim();
}

/** The role the SQL runner's read-only connection signs in as (migration 0021). */
export const READONLY_ROLE = 'guildhall_readonly';

/** DATABASE_URL with its user replaced by the read-only role and no password (trust or peer authentication). */
export function readonlyUrlOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.username = READONLY_ROLE;
    url.password = '';
    url.searchParams.delete('password');
    if (url.searchParams.has('user')) url.searchParams.set('user', READONLY_ROLE);
    return url.toString();
  } catch {
    // Not a URL (a key=value string): the read-only check at start finds out and says so.
    return `${databaseUrl} user=${READONLY_ROLE}`;
  }
}

/**
 * The passkeys' relying party: its id (default: PUBLIC_URL's host name), its name, and the origins whose pages may
 * run a ceremony (default: PUBLIC_URL's). Each origin's host must be the id or under it, as browsers require, so a
 * mismatch is refused at start instead of at every passkey.
 */
export function webAuthnConfigOf(
  env: { WEBAUTHN_RP_ID?: string; WEBAUTHN_RP_NAME: string; WEBAUTHN_ORIGIN?: string },
  publicUrl: string,
) {
  const rpId = (env.WEBAUTHN_RP_ID ?? new URL(publicUrl).hostname).trim().toLowerCase();
  const origins = (env.WEBAUTHN_ORIGIN ?? new URL(publicUrl).origin)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      const url = URL.canParse(origin) ? new URL(origin) : null;
      if (url?.pathname !== '/' || url.search || url.hash) {
        throw new Error(`WEBAUTHN_ORIGIN: "${origin}" is not an origin (scheme://host[:port])`);
      }
      if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
        throw new Error(`WEBAUTHN_ORIGIN: ${url.origin} is not on ${rpId} (WEBAUTHN_RP_ID) or a subdomain of it`);
      }
      return url.origin;
    });
  return { rpId, rpName: env.WEBAUTHN_RP_NAME, origins };
}

/** The object without its undefined entries. */
const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Everything the server reads from its environment, parsed once. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const e = envSchema.parse(present);
  const isSet = (name: keyof typeof envSchema.shape) => present[name] !== undefined;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    /** Cookies are Secure when the public address is https. */
    isSecureCookie: new URL(publicUrl).protocol === 'https:',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    seedDemoData: e.SEED_DEMO_DATA,
    database: {
      url: e.DATABASE_URL ?? null,
      /** Null on PGlite (no DATABASE_URL). */
      readonlyUrl: e.DATABASE_READONLY_URL ?? (e.DATABASE_URL ? readonlyUrlOf(e.DATABASE_URL) : null),
      /** The pool's size on PostgreSQL: every process holds up to this many connections. */
      poolMax: e.DATABASE_POOL_MAX,
      dataDir: path.resolve(e.GUILDHALL_DATA_DIR),
    },
    redis: { url: e.REDIS_URL ?? null, prefix: e.REDIS_PREFIX },
    influx: {
      url: e.INFLUX_URL ?? null,
      token: e.INFLUX_TOKEN ?? null,
      org: e.INFLUX_ORG ?? null,
      bucket: e.INFLUX_BUCKET,
      database: e.INFLUX_DATABASE ?? null,
      username: e.INFLUX_USERNAME ?? null,
      password: e.INFLUX_PASSWORD ?? null,
    },
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD ?? null,
      loginRateLimit: e.ADMIN_LOGIN_RATE_LIMIT,
      loginRateWindowMs: ADMIN_LOGIN_RATE_WINDOW_MS,
    },
    healthCheckIntervalMs: e.HEALTH_CHECK_INTERVAL_MS,
    // Port 0 (tests) asks for any free port: the process id tells such processes apart instead.
    instanceId: e.INSTANCE_ID ?? `${os.hostname()}:${e.PORT === 0 ? `pid${process.pid}` : e.PORT}`,
    metrics: {
      /** Null: the Prometheus endpoint is off. */
      token: e.METRICS_TOKEN ?? null,
      /** Not an environment setting, but tests shorten it. */
      sampleMs: METRICS_SAMPLE_MS,
    },
    logs: {
      dir: path.resolve(e.LOG_DIR ?? path.join(e.GUILDHALL_DATA_DIR, 'logs')),
      maxFileBytes: e.LOG_FILE_MAX_MB * 1024 * 1024,
      fileCount: e.LOG_FILE_COUNT,
    },
    /** The admin SQL query runner's statement_timeout. */
    queryTimeoutMs: e.QUERY_TIMEOUT_MS,
    discord: {
      clientId: e.DISCORD_CLIENT_ID ?? null,
      clientSecret: e.DISCORD_CLIENT_SECRET ?? null,
      botToken: e.DISCORD_BOT_TOKEN ?? null,
      apiBase: e.DISCORD_API_BASE.replace(/\/+$/, ''),
      redirectUri: e.DISCORD_REDIRECT_URI ?? `${publicUrl.replace(/\/+$/, '')}/auth/discord/callback`,
      /** Null: the interactions endpoint answers 503. */
      publicKey: e.DISCORD_PUBLIC_KEY?.toLowerCase() ?? null,
      applicationId: e.DISCORD_APPLICATION_ID ?? e.DISCORD_CLIENT_ID ?? null,
      /** Where commands are registered at start: nowhere (null), globally, or in these Discord servers. */
      commandScope: commandScopeOf(e.DISCORD_COMMANDS),
      deferAfterMs: e.DISCORD_DEFER_AFTER_MS,
      postEditIntervalMs: e.DISCORD_POST_EDIT_INTERVAL_MS,
      roleSyncIntervalMs: e.DISCORD_ROLE_SYNC_INTERVAL_MS,
      /** How long after a roster change its guild's role sync is queued (a burst makes one): tests shorten it. */
      roleSyncSettleMs: 5000,
      /** The bot's upkeep (reminders, old interaction ids): not environment settings, but tests move the first run. */
      upkeep: { firstRunDelayMs: 20_000, intervalMs: 60_000 },
    },
    communityAuth: {
      jwtSecret: e.JWT_SECRET ?? null,
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
      /**
       * Not environment settings, but tests raise them to sign many users up from one address; the sign-ups per
       * address are a setting, for a guild that registers together from behind one router.
       */
      rateLimits: {
        ...COMMUNITY_RATE_LIMITS,
        registerPerIp: { ...COMMUNITY_RATE_LIMITS.registerPerIp, limit: e.REGISTER_RATE_LIMIT },
        loginPerIp: { ...COMMUNITY_RATE_LIMITS.loginPerIp, limit: e.LOGIN_RATE_LIMIT },
      } as Record<keyof typeof COMMUNITY_RATE_LIMITS, RateLimit>,
    },
    battlenet: {
      clientId: e.BNET_CLIENT_ID ?? null,
      clientSecret: e.BNET_CLIENT_SECRET ?? null,
      /** Null: each region's own host, https://{region}.api.blizzard.com. */
      apiBase: e.BNET_API_BASE ? e.BNET_API_BASE.replace(/\/+$/, '') : null,
      oauthBase: e.BNET_OAUTH_BASE.replace(/\/+$/, ''),
      redirectUri: `${publicUrl.replace(/\/+$/, '')}/auth/battlenet/callback`,
      /** How long one Profile API call may take, and how many calls a second a roster sync makes at most. */
      timeoutMs: e.BNET_TIMEOUT_MS,
      requestsPerSecond: e.BNET_REQUESTS_PER_SECOND,
    },
    /** The game-data sources beside Battle.net (issue 30): where each is reached, and how fast we may call it. */
    gameData: {
      warcraftLogs: {
        clientId: e.WCL_CLIENT_ID ?? null,
        clientSecret: e.WCL_CLIENT_SECRET ?? null,
        apiBase: e.WCL_API_BASE.replace(/\/+$/, ''),
        oauthBase: e.WCL_OAUTH_BASE.replace(/\/+$/, ''),
      },
      raiderIo: { apiBase: e.RAIDERIO_API_BASE.replace(/\/+$/, ''), requestsPerMinute: e.RAIDERIO_REQUESTS_PER_MINUTE },
      wowAudit: { apiBase: e.WOWAUDIT_API_BASE.replace(/\/+$/, '') },
      /** How long one call to any of them may take. */
      timeoutMs: e.GAME_DATA_TIMEOUT_MS,
      /** The scheduled refresh: how often each process looks (0: never), and how old a source's last run may get. */
      refresh: { checkEveryMs: e.SOURCE_REFRESH_CHECK_MS, refreshEveryMs: e.SOURCE_REFRESH_EVERY_MS },
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    /** Passkeys (WebAuthn): the relying party and the origins a ceremony may come from. */
    webAuthn: webAuthnConfigOf(e, publicUrl),
    /** Null: guild settings' secrets cannot be stored (the screens say to set CONFIG_SECRET_KEY). */
    configSecretKey: e.CONFIG_SECRET_KEY ?? null,
    /** The hosts typed URLs may reach whatever their address (OUTBOUND_ALLOWED_HOSTS); every other call is public only. */
    outboundAllowedHosts: parseAllowedHosts(e.OUTBOUND_ALLOWED_HOSTS),
    /** The system settings the environment fixes: only those whose variable is set (the screen shows them read-only). */
    systemSettingsFromEnv: definedOnly<Partial<SystemSettingValues>>({
      registrationOpen: isSet('REGISTRATION_OPEN') ? e.REGISTRATION_OPEN : undefined,
      requireEmailVerification: isSet('REQUIRE_EMAIL_VERIFICATION') ? e.REQUIRE_EMAIL_VERIFICATION : undefined,
      adminLoginRateLimit: isSet('ADMIN_LOGIN_RATE_LIMIT') ? e.ADMIN_LOGIN_RATE_LIMIT : undefined,
      registerRateLimit: isSet('REGISTER_RATE_LIMIT') ? e.REGISTER_RATE_LIMIT : undefined,
      adminTwoFactorRequiredForAll: isSet('ADMIN_TWO_FACTOR_REQUIRED_FOR_ALL') ? e.ADMIN_TWO_FACTOR_REQUIRED_FOR_ALL : undefined,
      adminTwoFactorGraceDays: isSet('ADMIN_TWO_FACTOR_GRACE_DAYS') ? e.ADMIN_TWO_FACTOR_GRACE_DAYS : undefined,
    }),
    /** The bot's ingestion API (issue 16); a null token turns it off. */
    bot: { apiToken: e.BOT_API_TOKEN ?? null, ratePerMinute: e.BOT_RATE_LIMIT },
    /** Training dataset exports: written under dir, removed after retentionDays. */
    mlExports: {
      dir: path.resolve(e.GUILDHALL_DATA_DIR, 'exports'),
      retentionDays: e.ML_EXPORT_RETENTION_DAYS,
    },
    /** The job runner (jobs/job-runner.ts): its lease and how often it looks for work; tests shorten both. */
    jobs: { leaseMs: e.JOB_LEASE_MS, pollMs: e.JOB_POLL_MS },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    /**
     * Live connection timings: how often a live connection looks at its session again (a session ended, expired
     * or about to, a permission taken away); the browser journeys shorten it.
     */
    live: { metricsPushMs: METRICS_PUSH_MS, sessionCheckMs: e.SESSION_CHECK_INTERVAL_MS },
  };
}

/** The server's configuration. */
export type Config = ReturnType<typeof loadConfig>;
