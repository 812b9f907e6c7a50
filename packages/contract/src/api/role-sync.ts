import { z } from 'zod';
import { ROLE_SYNC_MARKS } from '../role-sync';
import { endpoint } from './common';

const ok = z.literal(true);
const snowflake = z.string().regex(/^[0-9]{1,25}$/, 'Must be a Discord role id (digits)');

/** The Discord role chosen for each mark (null or absent: that mark is not synced). */
export const roleSyncRoles = z.object(
  Object.fromEntries(ROLE_SYNC_MARKS.map((mark) => [mark, snowflake.nullable().optional()])) as Record<
    (typeof ROLE_SYNC_MARKS)[number],
    z.ZodOptional<z.ZodNullable<typeof snowflake>>
  >,
);
/** Roles per mark as the form sends them. */
export type RoleSyncRoles = z.infer<typeof roleSyncRoles>;

/** What an officer saves: whether role sync runs, and the role of each mark. */
export const roleSyncBody = z.object({ isEnabled: z.boolean(), roles: roleSyncRoles });
/** Role sync's settings as saved. */
export type RoleSyncInput = z.infer<typeof roleSyncBody>;

/** A role of the guild's Discord server as the mark pickers list it, with why it cannot be synced (null: it can). */
export const roleSyncDiscordRole = z.object({
  id: z.string(),
  name: z.string(),
  color: z.number(),
  position: z.number(),
  refusal: z.string().nullable(),
});
/** A Discord role in the pickers. */
export type RoleSyncDiscordRole = z.infer<typeof roleSyncDiscordRole>;

/** One role a member gains or loses. */
export const roleSyncChange = z.object({
  memberId: z.string(),
  memberName: z.string(),
  discordUserId: z.string(),
  mark: z.enum(ROLE_SYNC_MARKS),
  roleId: z.string(),
  roleName: z.string(),
  action: z.enum(['add', 'remove']),
  /** Why, in words: the member's own mark ('Trial'), or 'Not on the roster'. */
  why: z.string(),
});
/** A change role sync makes. */
export type RoleSyncChange = z.infer<typeof roleSyncChange>;

/** A mapped role left alone this time, and why (it became unsafe, or left the server). */
export const roleSyncSkipped = z.object({ mark: z.enum(ROLE_SYNC_MARKS), roleId: z.string(), reason: z.string() });
/** A mapped role left alone. */
export type RoleSyncSkipped = z.infer<typeof roleSyncSkipped>;

/** What a run did: counts, each change Discord refused with its reason, the roles it left alone. */
export const roleSyncResult = z.object({
  added: z.number(),
  removed: z.number(),
  failures: z.array(roleSyncChange.extend({ reason: z.string() })),
  skipped: z.array(roleSyncSkipped),
});
/** A run's result. */
export type RoleSyncResult = z.infer<typeof roleSyncResult>;

/** The last run of the guild's role sync. */
export const roleSyncRun = z.object({
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  result: roleSyncResult.nullable(),
  error: z.string().nullable(),
});
/** A run as the card shows it. */
export type RoleSyncRun = z.infer<typeof roleSyncRun>;

/** Role sync of the selected guild: settings, the server's roles, the last run. */
export const roleSyncState = z.object({
  isEnabled: z.boolean(),
  roles: z.record(z.enum(ROLE_SYNC_MARKS), z.string().nullable()),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Null when Discord could not be asked (no bot token, or it failed: rolesError says why). */
  discordRoles: z.array(roleSyncDiscordRole).nullable(),
  rolesError: z.string().nullable(),
  lastRun: roleSyncRun.nullable(),
});
/** Role sync's state. */
export type RoleSyncState = z.infer<typeof roleSyncState>;

/** Role sync (issue 33): Discord roles kept in step with the roster; guild.manage_members, audited. */
export const roleSyncApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/role-sync',
    summary: "Role sync's settings, the Discord server's roles (with why any cannot be synced) and the last run",
    response: z.object({ success: ok, roleSync: roleSyncState }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/guild/role-sync',
    summary: 'Turn role sync on or off and choose the role of each mark (audited)',
    body: roleSyncBody,
    response: z.object({ success: ok, message: z.string(), roleSync: roleSyncState }),
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/guild/role-sync/preview',
    summary: 'The roles a sync would give and take now, with the mapped roles it would leave alone',
    response: z.object({ success: ok, changes: z.array(roleSyncChange), skipped: z.array(roleSyncSkipped) }),
  }),
  run: endpoint({
    method: 'POST',
    path: '/api/guild/role-sync/run',
    summary: 'Bring the Discord roles in step now (a job; its result is the last run)',
    response: z.object({ success: ok, message: z.string(), lastRun: roleSyncRun }),
  }),
};
