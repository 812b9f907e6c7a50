import { type AdminSessionRow, type AdminUserRow, canActOnAdmin, type PermissionHolder } from '@guildhall/contract';
import { holderPermissions } from '../../auth/admin-sessions';
import type { OpenSessionRow } from '../../auth/session-queries';
import { sessionExpiresAt } from '../../auth/session-rules';
import type { AdminUserListRow } from './list-queries';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The admin who asks, for the abilities each row carries. */
export interface AdminViewer {
  id: string;
  holder: PermissionHolder;
}

/**
 * An admin user as the admin users screen shows it; effective permissions are the role's plus the extra ones, and
 * the abilities say what `viewer` may do to it (the same subset rule refuseOutOfReach enforces).
 */
export function presentAdminUser(row: AdminUserListRow, viewer: AdminViewer): AdminUserRow {
  const effectivePermissions = holderPermissions(row.role_permissions, row.permissions);
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    role: row.role,
    // A role deleted while only soft-deleted admins held it shows by its name.
    roleLabel: row.role_label ?? row.role,
    permissions: row.permissions,
    effectivePermissions,
    status: row.status,
    lockedUntil: row.status === 'locked' ? iso(row.locked_until) : null,
    lastLoginAt: iso(row.last_login_at),
    failedAttempts: row.failed_attempts,
    activeSessions: row.active_sessions,
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: iso(row.deleted_at),
    abilities: {
      isSelf: row.id === viewer.id,
      canAct: canActOnAdmin(viewer.holder, { role: row.role, permissions: effectivePermissions }),
    },
  };
}

/** One open session; isCurrent marks the caller's own. */
export function presentOpenSession(row: OpenSessionRow, currentSessionId: string, idleMs: number): AdminSessionRow {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: sessionExpiresAt(
      { lastSeenAt: row.last_seen_at, absoluteExpiresAt: row.absolute_expires_at },
      idleMs,
    ).toISOString(),
    absoluteExpiresAt: row.absolute_expires_at.toISOString(),
    ip: row.ip,
    userAgent: row.user_agent,
    isCurrent: row.id === currentSessionId,
  };
}
