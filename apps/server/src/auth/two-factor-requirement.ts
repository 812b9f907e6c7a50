import { type AdminTwoFactorStatus, TWO_FACTOR_GRACE_DAYS, type TwoFactorPolicy, twoFactorStatusOf } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../services/db/db';
import type { SignedInAdmin } from './admin-sessions';

/** Who must use two-factor sign-in, and the grace: the system settings in force (none built: the contract's defaults). */
export async function twoFactorPolicyOf(app: FastifyInstance): Promise<TwoFactorPolicy> {
  if (!app.hasDecorator('systemSettings')) return { isRequiredForAll: false, graceDays: TWO_FACTOR_GRACE_DAYS };
  const settings = await app.systemSettings.current();
  return { isRequiredForAll: settings.adminTwoFactorRequiredForAll, graceDays: settings.adminTwoFactorGraceDays };
}

/** Starts the admin's grace now, unless it started before; answers when it started. */
async function startGrace(db: Queryable, adminId: string): Promise<Date> {
  const { rows } = await db.query<{ started_at: Date }>(
    `UPDATE admin_users SET two_factor_grace_started_at = COALESCE(two_factor_grace_started_at, now())
      WHERE id = $1 RETURNING two_factor_grace_started_at AS started_at`,
    [adminId],
  );
  return rows[0]?.started_at ?? new Date();
}

/**
 * The signed-in admin's two-factor status under the policy in force. The first time it is required of an admin
 * without it, the grace starts (stored, once), so the days left count from that sign-in on every process.
 */
export async function twoFactorStatusOfAdmin(app: FastifyInstance, admin: SignedInAdmin): Promise<AdminTwoFactorStatus> {
  const policy = await twoFactorPolicyOf(app);
  const status = twoFactorStatusOf(admin, policy);
  if (status.graceEndsAt && !admin.twoFactorGraceStartedAt) {
    admin.twoFactorGraceStartedAt = await startGrace(app.services.db, admin.id);
    return twoFactorStatusOf(admin, policy);
  }
  return status;
}

/**
 * Whether an open live connection of this admin must end: a password to replace, or a grace that ran out while it
 * was open (the handshake refuses both, and an open socket must not outlive the rule). Starts no grace: the next
 * HTTP request does that.
 */
export async function isShutOutOfConsole(app: FastifyInstance, admin: SignedInAdmin): Promise<boolean> {
  if (admin.mustChangePassword) return true;
  return twoFactorStatusOf(admin, await twoFactorPolicyOf(app)).isEnrolmentRequired;
}
