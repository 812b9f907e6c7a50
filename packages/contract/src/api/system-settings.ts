import { z } from 'zod';
import { COMMUNITY_RATE_LIMITS } from '../community-constants';
import { ADMIN_LOGIN_RATE_LIMIT, ADMIN_SESSION_ABSOLUTE_MS, ADMIN_SESSION_IDLE_MS } from '../constants';
import { CONFIG_MESSAGES, type SettingDefinition, type SettingValue, settingValueError } from '../guild-settings';
import { TWO_FACTOR_GRACE_DAYS } from './admin-two-factor';
import { endpoint } from './common';

/**
 * System settings (issue 15; spec 2 layout A `/admin/settings` "System Settings"): platform settings an operator
 * changes at run time, without a restart. Each comes from the environment when its variable is set (shown read-only),
 * else from the database when an operator saved it, else from its default. Bounds keep them safe: no one sets a
 * session to a year or a rate limit to zero.
 */

const HOUR_MS = 60 * 60 * 1000;

/** A system setting: a catalog setting with the environment variable that overrides it. */
export interface SystemSettingDefinition extends Omit<SettingDefinition, 'guildOverridable'> {
  /** The .env.example name; set, it wins and the screen shows it read-only. */
  envVar: string | null;
  group: 'Registration' | 'Rate limits' | 'Sessions' | 'Security' | 'Maintenance';
}

const sys = (
  group: SystemSettingDefinition['group'],
  kind: SystemSettingDefinition['kind'],
  key: string,
  label: string,
  value: SettingValue,
  envVar: string | null,
  description: string,
  bounds: Pick<SystemSettingDefinition, 'min' | 'max' | 'maxLength'> = {},
): SystemSettingDefinition => ({ group, kind, key, label, default: value, envVar, description, ...bounds });

/** Every system setting, in screen order. */
export const SYSTEM_SETTINGS = [
  sys(
    'Registration',
    'boolean',
    'registrationOpen',
    'Registration open',
    true,
    'REGISTRATION_OPEN',
    'New members may create an account with e-mail and password.',
  ),
  sys(
    'Registration',
    'boolean',
    'requireEmailVerification',
    'E-mail verification required',
    true,
    'REQUIRE_EMAIL_VERIFICATION',
    'New accounts confirm their e-mail address before they can sign in.',
  ),
  sys(
    'Rate limits',
    'integer',
    'adminLoginRateLimit',
    'Admin sign-in attempts per 15 minutes',
    ADMIN_LOGIN_RATE_LIMIT,
    'ADMIN_LOGIN_RATE_LIMIT',
    'Per address, before the admin sign-in answers 429.',
    { min: 3, max: 200 },
  ),
  sys(
    'Rate limits',
    'integer',
    'registerRateLimit',
    'Sign-ups per address per hour',
    COMMUNITY_RATE_LIMITS.registerPerIp.limit,
    'REGISTER_RATE_LIMIT',
    'For a guild that registers together from behind one router, raise it.',
    { min: 1, max: 1000 },
  ),
  sys(
    'Sessions',
    'integer',
    'adminSessionIdleHours',
    'Admin session idle timeout (hours)',
    ADMIN_SESSION_IDLE_MS / HOUR_MS,
    null,
    'An admin session without activity for this long ends.',
    { min: 1, max: 24 },
  ),
  sys(
    'Sessions',
    'integer',
    'adminSessionAbsoluteHours',
    'Admin session longest life (hours)',
    ADMIN_SESSION_ABSOLUTE_MS / HOUR_MS,
    null,
    'An admin session ends this long after sign-in, active or not.',
    { min: 1, max: 72 },
  ),
  sys(
    'Security',
    'boolean',
    'adminTwoFactorRequiredForAll',
    'Two-factor sign-in required for every admin',
    false,
    'ADMIN_TWO_FACTOR_REQUIRED_FOR_ALL',
    'Off: required only for superadmins and admins with full access. On: for every admin.',
  ),
  sys(
    'Security',
    'integer',
    'adminTwoFactorGraceDays',
    'Days to turn on two-factor sign-in',
    TWO_FACTOR_GRACE_DAYS,
    'ADMIN_TWO_FACTOR_GRACE_DAYS',
    'From the first sign-in at which it is required; after that, such an admin can only turn it on. 0: at once.',
    { min: 0, max: 30 },
  ),
  sys(
    'Maintenance',
    'boolean',
    'maintenanceBannerEnabled',
    'Maintenance banner shown',
    false,
    null,
    'Shows the banner text at the top of every page.',
  ),
  sys(
    'Maintenance',
    'longText',
    'maintenanceBannerText',
    'Maintenance banner text',
    'Guildhall is under maintenance; some pages may be slow.',
    null,
    'What the banner says.',
    { maxLength: 300 },
  ),
] as const satisfies readonly SystemSettingDefinition[];

export type SystemSettingKey = (typeof SYSTEM_SETTINGS)[number]['key'];
/** The system settings' current values, as the server reads them. */
export interface SystemSettingValues {
  registrationOpen: boolean;
  requireEmailVerification: boolean;
  adminLoginRateLimit: number;
  registerRateLimit: number;
  adminSessionIdleHours: number;
  adminSessionAbsoluteHours: number;
  adminTwoFactorRequiredForAll: boolean;
  adminTwoFactorGraceDays: number;
  maintenanceBannerEnabled: boolean;
  maintenanceBannerText: string;
}

export const SYSTEM_SETTING_MESSAGES = {
  saved: 'System settings saved',
  unknown: CONFIG_MESSAGES.unknownSetting,
  fromEnvironment: (envVar: string) => `Set by the environment variable ${envVar}; change it there`,
  idleBeyondAbsolute: 'The idle timeout cannot be longer than the longest life',
  registrationClosed: 'Registration is closed',
} as const;

/** A system setting by key, or undefined. */
export const findSystemSetting = (key: string): SystemSettingDefinition | undefined =>
  (SYSTEM_SETTINGS as readonly SystemSettingDefinition[]).find((s) => s.key === key);

/** Why a value does not fit its system setting, or null (the server and the form check alike). */
export function systemSettingError(key: string, value: unknown): string | null {
  const definition = findSystemSetting(key);
  if (!definition) return SYSTEM_SETTING_MESSAGES.unknown;
  return settingValueError({ ...definition, guildOverridable: true }, value);
}

/** Where a system setting's current value comes from. */
export const SYSTEM_SETTING_SOURCES = ['environment', 'database', 'default'] as const;

export const systemSettingState = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]),
  source: z.enum(SYSTEM_SETTING_SOURCES),
  /** Set when the environment holds it: the screen shows it read-only. */
  envVar: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SystemSettingState = z.infer<typeof systemSettingState>;

/** What every page may know of the platform's state, signed in or not. */
export const platformStatus = z.object({
  registrationOpen: z.boolean(),
  maintenanceBanner: z.string().nullable(),
});
export type PlatformStatus = z.infer<typeof platformStatus>;

/** How long a process trusts its copy of the system settings before reading them again (others' saves). */
export const SYSTEM_SETTINGS_CACHE_MS = 5000;

export const systemSettingsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/system-settings',
    summary: 'Every system setting with its value and source (settings.view)',
    response: z.object({ success: z.literal(true), settings: z.array(systemSettingState) }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/system-settings',
    summary: 'Changes system settings at run time; null goes back to the default (admin.system_config)',
    body: z.object({ settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()) }),
    response: z.object({
      success: z.literal(true),
      settings: z.array(systemSettingState),
      message: z.string(),
    }),
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/platform/status',
    summary: 'Whether registration is open and the maintenance banner, for every page (public)',
    response: z.object({ success: z.literal(true) }).extend(platformStatus.shape),
  }),
} as const;
