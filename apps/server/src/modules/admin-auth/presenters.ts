import { type AdminSession, type AdminUser, abilitiesOf } from '@guildhall/contract';
import type { AdminSessionContext, SignedInAdmin } from '../../auth/admin-sessions';

/** An admin as the console sees it; permissions are the effective ones (role plus grants). */
export function presentAdmin(admin: SignedInAdmin): AdminUser {
  return {
    id: admin.id,
    username: admin.username,
    fullName: admin.fullName,
    role: admin.role,
    roleLabel: admin.roleLabel,
    permissions: admin.permissions,
    isAdmin: true,
    lastLoginAt: admin.lastLoginAt?.toISOString() ?? null,
    mustChangePassword: admin.mustChangePassword,
    abilities: abilitiesOf(admin),
  };
}

/** The session's limits as the console shows and watches them. */
export function presentSession(context: AdminSessionContext): AdminSession {
  return {
    expiresAt: context.expiresAt.toISOString(),
    idleTimeoutMs: context.idleMs,
    absoluteExpiresAt: context.absoluteExpiresAt.toISOString(),
  };
}

/** The signed-in body both documents name: admin and user (the same admin), session and expiresAt. */
export function presentSignedIn(context: AdminSessionContext) {
  const admin = presentAdmin(context.admin);
  return {
    success: true as const,
    admin,
    user: admin,
    session: presentSession(context),
    expiresAt: context.expiresAt.toISOString(),
  };
}
