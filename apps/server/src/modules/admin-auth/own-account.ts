import { SERVER_MESSAGES } from '@guildhall/contract';
import { findAdminById } from '../../auth/admin-account-queries';
import type { AdminSessionContext } from '../../auth/admin-sessions';
import { verifyPassword } from '../../auth/passwords';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';

// What every change of the own second factors shares (the authenticator app, passkeys): who acts on whom, and the
// current password asked before a change, so a borrowed session alone changes nothing.

/** The signed-in admin as the target of a change of their own account. */
export const targetOf = (context: AdminSessionContext) => ({ type: 'admin_user', id: context.admin.id });

/** 409 with the contract's message. */
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** The signed-in admin's account, after checking the password given; a wrong one is audited and answers 400. */
export async function accountWithPassword(db: Db, context: AdminSessionContext, password: string, ip: string) {
  const account = await findAdminById(db, context.admin.id);
  if (!account || !(await verifyPassword(account.password_hash, password))) {
    await recordAudit(db, {
      actor: adminActor(context.admin),
      action: 'admin.two_factor_change_failed',
      target: targetOf(context),
      details: { reason: 'wrong_password' },
      ip,
    });
    throw AppError.invalidField('password', SERVER_MESSAGES.currentPasswordIncorrect);
  }
  return account;
}
