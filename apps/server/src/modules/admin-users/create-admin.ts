import {
  ADMIN_USER_MESSAGES,
  adminPasswordProblem,
  adminPasswordSchema,
  MESSAGES,
  PASSWORD_MESSAGES,
  PERMISSION_NAMES,
} from '@guildhall/contract';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords';
import { revokeSessionsOfAdmin } from '../../auth/session-queries';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { roleExists, upsertAdmin } from './queries';

/** An admin to create, or to update when the username exists: role, grants and a password under the admin rule. */
export const createAdminInput = z
  .object({
    username: z.string().trim().min(1, MESSAGES.usernameRequired).max(100),
    password: adminPasswordSchema,
    role: z.string().trim().min(1).max(40).describe('Any role of admin_roles, built-in or custom'),
    permissions: z.array(z.enum(PERMISSION_NAMES)).default([]),
    fullName: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((admin, ctx) => {
    if (adminPasswordProblem(admin.password, { username: admin.username }) === PASSWORD_MESSAGES.sameAsIdentity) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.sameAsIdentity });
    }
  });
/** What createAdmin takes. */
export type CreateAdminInput = z.input<typeof createAdminInput>;

/**
 * Creates or updates an admin. Updating sets a new password, so the admin's open sessions end
 * (their live connections are told within the session-check interval).
 */
export async function createAdmin(db: Db, input: CreateAdminInput, actor: AuditActor) {
  const admin = createAdminInput.parse(input);
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    if (!(await roleExists(tx, admin.role))) throw new Error(`${ADMIN_USER_MESSAGES.unknownRole}: ${admin.role}`);
    const { id, isNew } = await upsertAdmin(tx, {
      username: admin.username,
      fullName: admin.fullName ?? null,
      passwordHash,
      role: admin.role,
      permissions: admin.permissions,
    });
    const endedSessions = isNew ? [] : await revokeSessionsOfAdmin(tx, id, null, 'password_reset');
    await recordAudit(tx, {
      actor,
      action: isNew ? 'admin.created' : 'admin.updated',
      target: { type: 'admin_user', id },
      details: {
        username: admin.username,
        role: admin.role,
        permissions: admin.permissions,
        endedSessions: endedSessions.length,
      },
    });
    return { id, isNew, username: admin.username, role: admin.role, permissions: admin.permissions };
  });
}
