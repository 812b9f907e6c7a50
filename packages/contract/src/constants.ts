/** Admin session: idle expiry (sliding), 8 hours (spec 2 §9). */
export const ADMIN_SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Admin session: absolute limit regardless of activity; our choice, 24 hours. */
export const ADMIN_SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** Warn this long before an admin session expires (spec 2 §9). */
export const ADMIN_SESSION_WARNING_MS = 15 * 60 * 1000;
/** Failed sign-ins before an admin account locks (spec 2 §9). */
export const ADMIN_MAX_FAILED_ATTEMPTS = 5;
/** How long a locked admin account stays locked; our choice. */
export const ADMIN_LOCK_MS = 15 * 60 * 1000;
/** Failed admin sign-ins allowed per IP in one window (successes do not count); our choice. */
export const ADMIN_LOGIN_RATE_LIMIT = 20;
/** The per-IP window for ADMIN_LOGIN_RATE_LIMIT. */
export const ADMIN_LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
/** Shortest admin password we accept on change. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** Name of the admin session cookie. */
export const ADMIN_SESSION_COOKIE = 'guildhall_admin';

/** CPU card colour thresholds in percent (spec 1 §9). */
export const CPU_BANDS = { warning: 60, critical: 80 } as const;
/** Overall-health thresholds in percent (spec 1 §9). */
export const HEALTH_THRESHOLDS = { warning: 80, critical: 90 } as const;

/** Dashboard realtime metrics poll (spec 1 §9). */
export const DASHBOARD_POLL_MS = 5000;
/** Live metrics push interval on the /admin socket. */
export const METRICS_PUSH_MS = 5000;
/** Socket heartbeat (spec 1 §9). */
export const HEARTBEAT_MS = 30_000;
/** Admin live connection reconnect policy (spec 1 §9). */
export const RECONNECT = { attempts: 10, baseDelayMs: 2000, maxDelayMs: 30_000, connectTimeoutMs: 20_000 } as const;
/** Buffers of the live connection (spec 1 §9). */
export const LIVE_BUFFERS = { alerts: 50, events: 100, metricsHistory: 100 } as const;
/** Alert toast lifetimes (spec 1 §9). */
export const ALERT_TOAST_MS = { critical: 8000, other: 4000 } as const;
/** Toasts close by themselves after this long (spec 1 §9). */
export const TOAST_MS = 5000;
/** Header notifications: at most 10 kept, 30 s life, bell shows up to "9+" (spec 2 §9). */
export const NOTIFICATIONS = { max: 10, lifetimeMs: 30_000, badgeCap: 9 } as const;

/** Guild tenant regions (spec 1 §3). */
export const REGIONS = ['US', 'EU', 'KR', 'CN'] as const;
/** A guild tenant region. */
export type Region = (typeof REGIONS)[number];
