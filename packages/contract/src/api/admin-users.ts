import { z } from 'zod';
import { adminPasswordProblem, PASSWORD_MESSAGES } from '../password-rule';
import { PERMISSION_NAMES } from '../permissions';
import { displayNameRule } from '../text-rules';
import { adminPasswordSchema } from './admin-auth';
import { endpoint } from './common';

/** Paging of the admin users table. */
export const ADMIN_USER_PAGE = { size: 25, maxSize: 100 } as const;

/** What an admin account is: signing in, switched off, locked by failed sign-ins, or soft-deleted. */
export const ADMIN_USER_STATUSES = ['active', 'disabled', 'locked', 'deleted'] as const;
/** An admin account's status. */
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** Columns the admin users table sorts by (each on an index or a small table). */
export const ADMIN_USER_SORTS = ['username', 'fullName', 'role', 'lastLoginAt', 'createdAt', 'failedAttempts'] as const;
/** A sort column of the admin users table. */
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** What the admin users screen and API say. */
export const ADMIN_USER_MESSAGES = {
  loadFailed: 'Failed to load admin users',
  notFound: 'Admin user not found',
  usernameRequired: 'Username is required',
  usernameFormat: 'Username may contain only letters, digits, dots, dashes and underscores (3 to 50 characters)',
  usernameTaken: 'An admin with this username already exists',
  unknownRole: 'No role with this name',
  lastSuperadmin: 'The last active superadmin cannot be disabled, deleted or demoted',
  notYourself: 'You cannot disable, delete or demote your own account',
  beyondYourOwn: 'You cannot grant permissions you do not hold yourself',
  outOfReach: 'You cannot manage an admin who holds permissions you do not have',
  ownPassword: 'Change your own password from the user menu; it asks for your current one',
  superadminOnly: 'Only a superadmin may make or change a superadmin',
  created: 'Admin user created',
  saved: 'Admin user saved',
  disabled: 'Admin user disabled',
  enabled: 'Admin user enabled',
  deleted: 'Admin user deleted',
  deletedForever: 'Admin user deleted permanently',
  passwordReset: "Password reset; the admin's sessions were ended, and they choose a new password at their next sign-in",
  unlocked: 'Admin user unlocked',
  sessionEnded: 'Session ended',
  sessionNotFound: 'Session not found or already ended',
  noUsers: 'No admin users yet',
  noUsersMatch: 'No admin users match these filters',
} as const;

/** The admin:alert texts: account security events the admins who manage users hear of at once. */
export const ADMIN_ALERTS = {
  accountLocked: (username: string, attempts: number) => `Admin account ${username} was locked after ${attempts} failed sign-ins`,
  superadminMade: (actor: string, username: string) => `${actor} made ${username} a superadmin`,
} as const;

const username = z
  .string()
  .trim()
  .min(1, ADMIN_USER_MESSAGES.usernameRequired)
  .regex(/^[A-Za-z0-9_.-]{3,50}$/, ADMIN_USER_MESSAGES.usernameFormat);
const fullName = z
  .string()
  .trim()
  .max(100, 'Full name must be at most 100 characters')
  .refine(...displayNameRule('Full name'));

/** What the admin asking may do to one admin, as the server decides it, so the screen never re-derives the rule. */
export const adminUserAbilities = z.object({
  isSelf: z.boolean().describe("The row is the asking admin's own account"),
  canAct: z
    .boolean()
    .describe('The subset rule (canActOnAdmin): the asking admin holds every permission this one does, so may act on it'),
});
/** What the admin asking may do to one admin. */
export type AdminUserAbilities = z.infer<typeof adminUserAbilities>;

/** An admin user as the admin users screen lists it. */
export const adminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  role: z.string(),
  roleLabel: z.string(),
  permissions: z.array(z.string()).describe('Extra permissions granted to this admin directly, on top of the role'),
  effectivePermissions: z.array(z.string()).describe("The role's permissions and the extra ones"),
  status: z.enum(ADMIN_USER_STATUSES),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  failedAttempts: z.number(),
  activeSessions: z.number(),
  twoFactorEnabled: z.boolean().describe('Whether the admin signs in with a second factor (an authenticator app or a passkey)'),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  abilities: adminUserAbilities,
});
/** An admin user row. */
export type AdminUserRow = z.infer<typeof adminUserRow>;

/** The admin users list's query. */
export const adminUserListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USER_PAGE.maxSize).default(ADMIN_USER_PAGE.size),
  search: z.string().trim().max(100).optional().describe('Part of the username or full name'),
  role: z.string().trim().max(50).optional(),
  status: z.enum(ADMIN_USER_STATUSES).optional().describe('Without it, every account except the soft-deleted ones'),
  sortBy: z.enum(ADMIN_USER_SORTS).default('username'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
/** Admin users filters. */
export type AdminUserListQuery = z.input<typeof adminUserListQuery>;

/** A new admin: the admin password rule, and the password must not be the username. */
export const createAdminUserBody = z
  .object({
    username,
    fullName: fullName.optional(),
    role: z.string().trim().min(1, 'Role is required'),
    permissions: z.array(z.enum(PERMISSION_NAMES)).default([]),
    password: adminPasswordSchema,
  })
  .superRefine((body, ctx) => {
    if (adminPasswordProblem(body.password, { username: body.username }) === PASSWORD_MESSAGES.sameAsIdentity) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.sameAsIdentity });
    }
  });
/** The create form. */
export type CreateAdminUserBody = z.input<typeof createAdminUserBody>;

/** A change to an admin; absent fields stay as they are. */
export const updateAdminUserBody = z.object({
  fullName: fullName.nullable().optional(),
  role: z.string().trim().min(1, 'Role is required').optional(),
  permissions: z.array(z.enum(PERMISSION_NAMES)).optional(),
  isActive: z.boolean().optional().describe('false disables the account and ends its sessions; true enables it again'),
});
/** The edit form. */
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBody>;

/** One open session of an admin. */
export const adminSessionRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string().describe('The earlier of the idle and absolute limits'),
  absoluteExpiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean().describe('True for the session making this request (ending it is a sign-out)'),
});
/** An open admin session. */
export type AdminSessionRow = z.infer<typeof adminSessionRow>;

/** The figures of the statistics cards. */
export const adminUserStatistics = z.object({
  total: z.number().describe('Accounts that are not soft-deleted'),
  active: z.number(),
  disabled: z.number(),
  locked: z.number(),
  signedInLast24h: z.number(),
  byRole: z.array(z.object({ role: z.string(), label: z.string(), count: z.number() })),
});
/** Admin user statistics. */
export type AdminUserStatistics = z.infer<typeof adminUserStatistics>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
const idParams = z.object({ id: z.uuid(ADMIN_USER_MESSAGES.notFound) });
const done = z.object({ success: z.literal(true), message: z.string() });
const oneUser = z.object({ success: z.literal(true), data: adminUserRow, message: z.string().optional() });

/** The admin users API (spec 2 §7 "Admin API client → Users"), `admin.manage_users`. Every change is audited. */
export const adminUsersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Admin users, searched, filtered, sorted and paged in SQL',
    query: adminUserListQuery,
    response: z.object({ success: z.literal(true), data: z.array(adminUserRow), pagination }),
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/api/admin/users/statistics',
    summary: 'Totals for the statistics cards: active, disabled, locked, by role, signed in within 24 hours',
    response: z.object({ success: z.literal(true), data: adminUserStatistics }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    summary: 'One admin user',
    params: idParams,
    response: oneUser,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    summary: 'Create an admin user with an initial password',
    body: createAdminUserBody,
    response: oneUser,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    summary: 'Change full name, role, extra permissions or enabled state; never the last superadmin or yourself out',
    params: idParams,
    body: updateAdminUserBody,
    response: oneUser,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    summary: 'Delete an admin user: soft (kept, cannot sign in) unless hard=true, which removes the row',
    params: idParams,
    query: z.object({
      hard: z
        .enum(['true', 'false'])
        .default('false')
        .transform((value) => value === 'true'),
    }),
    response: done,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/reset-password',
    summary: "Set a new password and end the admin's sessions",
    params: idParams,
    body: z.object({ newPassword: adminPasswordSchema }),
    response: done,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/unlock',
    summary: 'Clear the failed sign-in count and any lock',
    params: idParams,
    response: oneUser,
  }),
  resetTwoFactor: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/two-factor',
    summary:
      "Turn off another admin's two-factor sign-in (a lost device): their TOTP secret, recovery codes and passkeys are removed",
    params: idParams,
    response: done,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/sessions',
    summary: "The admin's open sessions, newest first",
    params: idParams,
    response: z.object({ success: z.literal(true), data: z.array(adminSessionRow) }),
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions/:sessionId',
    summary: 'End one session: its browser is told at once over /admin (admin:forced_logout) on whichever process holds it',
    params: z.object({ id: z.uuid(ADMIN_USER_MESSAGES.notFound), sessionId: z.uuid(ADMIN_USER_MESSAGES.sessionNotFound) }),
    response: done,
  }),
} as const;
