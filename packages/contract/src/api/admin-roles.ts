import { z } from 'zod';
import { PERMISSION_NAMES } from '../permissions';
import { displayNameRule } from '../text-rules';
import { endpoint } from './common';

/** What the roles part of the Permissions screen and API say. */
export const ADMIN_ROLE_MESSAGES = {
  loadFailed: 'Failed to load roles',
  notFound: 'Role not found',
  nameFormat: 'Role name must be 2 to 40 lowercase letters, digits or underscores, starting with a letter',
  nameTaken: 'A role with this name already exists',
  labelRequired: 'Label is required',
  superadminLocked: 'The superadmin role holds every permission and cannot be changed',
  builtInKept: 'Built-in roles cannot be deleted',
  beyondYourOwn: 'You cannot give a role permissions you do not hold yourself',
  outOfReach: 'You cannot change or delete a role that holds permissions you do not have',
  inUse: 'This role is held by admin users; give them another role first',
  created: 'Role created',
  saved: 'Role saved',
  deleted: 'Role deleted',
} as const;

/**
 * What the admin asking may do to one role, as the server decides it (the checks it runs on a change or a delete),
 * so the screen never re-derives the rule.
 */
export const adminRoleAbilities = z.object({
  canEdit: z
    .boolean()
    .describe('Not superadmin, and the subset rule (canActOnAdmin): the asking admin holds every permission the role gives'),
  canDelete: z
    .boolean()
    .describe('canEdit on a custom role; a role still held is refused when asked (its holders need another role first)'),
});
/** What the admin asking may do to one role. */
export type AdminRoleAbilities = z.infer<typeof adminRoleAbilities>;

/** An admin role: a named set of permissions; its holders get them on their next request. */
export const adminRole = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  isBuiltIn: z.boolean(),
  isEditable: z.boolean().describe('False only for superadmin, which passes every check whatever it lists'),
  holders: z.number().describe('Admin users (not soft-deleted) with this role'),
  updatedAt: z.string(),
  abilities: adminRoleAbilities,
});
/** An admin role. */
export type AdminRole = z.infer<typeof adminRole>;

const label = z
  .string()
  .trim()
  .min(1, ADMIN_ROLE_MESSAGES.labelRequired)
  .max(60, 'Label must be at most 60 characters')
  .refine(...displayNameRule('Label'));
const description = z.string().trim().max(300, 'Description must be at most 300 characters');

/** A new custom role. */
export const createAdminRoleBody = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, ADMIN_ROLE_MESSAGES.nameFormat),
  label,
  description: description.optional(),
  permissions: z.array(z.enum(PERMISSION_NAMES)).default([]),
});
/** The new role form. */
export type CreateAdminRoleBody = z.input<typeof createAdminRoleBody>;

/** A change to a role; absent fields stay. */
export const updateAdminRoleBody = z.object({
  label: label.optional(),
  description: description.nullable().optional(),
  permissions: z.array(z.enum(PERMISSION_NAMES)).optional(),
});
/** The role edit. */
export type UpdateAdminRoleBody = z.input<typeof updateAdminRoleBody>;

const roleParams = z.object({ name: z.string().trim().min(1).max(40) });
const oneRole = z.object({ success: z.literal(true), data: adminRole, message: z.string() });

/** The roles API (spec 1 §2 /admin/permissions): `settings.edit_permissions` or `admin.manage_roles`. */
export const adminRolesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/roles',
    summary: 'Every role with its permissions and holder count, and the permission catalog for the matrix',
    response: z.object({
      success: z.literal(true),
      data: z.array(adminRole),
      permissions: z.array(z.object({ name: z.string(), description: z.string() })),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/roles',
    summary: 'Create a custom role',
    body: createAdminRoleBody,
    response: oneRole,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/roles/:name',
    summary: "Change a role's label, description or permissions (not superadmin); holders get them on their next request",
    params: roleParams,
    body: updateAdminRoleBody,
    response: oneRole,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/roles/:name',
    summary: 'Delete a custom role nobody holds',
    params: roleParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
} as const;
