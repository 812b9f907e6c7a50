import { z } from 'zod';
import { GUILD_HEADER } from '../community-constants';
import { endpoint } from './common';
import { communityUser, usernameSchema } from './community-auth';

/** What the signed-in user wants to be told about, stored on the server per user. */
export const notificationSettings = z.object({
  toasts: z.boolean(),
  criticalAlerts: z.boolean(),
  serviceAlerts: z.boolean(),
  connectionAlerts: z.boolean(),
  sound: z.boolean(),
});
/** Notification settings. */
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Defaults (spec 1 §9): toasts on, critical alerts on, service alerts on, connection alerts off, sound off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  toasts: true,
  criticalAlerts: true,
  serviceAlerts: true,
  connectionAlerts: false,
  sound: false,
};

/** A guild-scoped summary: which guild, how many members, what the caller may do there. */
export const guildOverview = z.object({
  id: z.string().describe('Discord guild id'),
  name: z.string(),
  iconUrl: z.string().nullable(),
  tenantId: z.string().nullable(),
  memberCount: z.number(),
});

const ok = z.literal(true);

/** The signed-in community user's own settings (/settings). */
export const meApi = {
  profile: endpoint({
    method: 'GET',
    path: '/api/me/profile',
    summary: 'The signed-in user',
    response: z.object({ success: ok, user: communityUser }),
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    summary: "Change the signed-in user's username",
    body: z.object({ username: usernameSchema }),
    response: z.object({ success: ok, message: z.string(), user: communityUser }),
  }),
  notificationSettings: endpoint({
    method: 'GET',
    path: '/api/me/notification-settings',
    summary: 'Notification settings, the defaults until changed',
    response: z.object({ success: ok, settings: notificationSettings }),
  }),
  updateNotificationSettings: endpoint({
    method: 'PUT',
    path: '/api/me/notification-settings',
    summary: 'Change some or all notification settings',
    body: notificationSettings.partial(),
    response: z.object({ success: ok, message: z.string(), settings: notificationSettings }),
  }),
} as const;

/** Guild-scoped community calls: each needs the X-Guild-ID header of a guild the user may use. */
export const guildScopeApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/guild/overview',
    summary: `The selected guild (${GUILD_HEADER}) and the caller's permissions there (needs guild.view)`,
    response: z.object({ success: ok, guild: guildOverview, permissions: z.array(z.string()) }),
  }),
} as const;
