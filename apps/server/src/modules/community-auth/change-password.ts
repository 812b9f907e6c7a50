import { COMMUNITY_MESSAGES, passwordProblem, SERVER_MESSAGES } from '@guildhall/contract';
import { revokeCommunitySessionsOfUser } from '../../auth/community-session-queries';
import { revokeFamiliesOfUser } from '../../auth/community-token-queries';
import type { CommunityPrincipal } from '../../auth/community-user';
import { updateCredentials } from '../../auth/community-user-queries';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { enforceRateLimit } from '../../auth/rate-limit';
import { hashSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { passwordChangedMail } from './mail-templates';

/** The form: the password now, and the one to use from here on. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the signed-in user's password after checking the current one, and ends every other sign-in of the
 * account (refresh-token families and Discord cookie sessions), keeping the one making the change: whoever
 * knew the old password is out, the person changing it is not. The owner is mailed about it.
 */
export async function changePassword(
  deps: AccountDeps,
  principal: CommunityPrincipal,
  change: PasswordChange,
  presentedSessionToken: string | null,
): Promise<void> {
  const { user } = principal;
  await enforceRateLimit(
    deps.counter,
    `community-change-password:${user.id}`,
    deps.kit.settings.rateLimits.changePasswordPerAccount,
  );
  if (!user.password_hash) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.noPasswordOnAccount);
  if (!(await verifyPassword(user.password_hash, change.currentPassword))) {
    throw AppError.invalidField('currentPassword', SERVER_MESSAGES.currentPasswordIncorrect);
  }
  if (change.newPassword === change.currentPassword) {
    throw AppError.invalidField('newPassword', SERVER_MESSAGES.passwordUnchanged);
  }
  const problem = passwordProblem(change.newPassword, { username: user.username, email: user.email });
  if (problem) throw AppError.invalidField('newPassword', problem);

  const passwordHash = await hashPassword(change.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateCredentials(tx, user.id, { passwordHash });
    await revokeFamiliesOfUser(tx, user.id, 'password_changed', principal.via === 'token' ? principal.familyId : null);
    const keptSession = presentedSessionToken ? hashSessionToken(presentedSessionToken) : null;
    await revokeCommunitySessionsOfUser(tx, user.id, 'password_changed', keptSession);
  });
  user.password_hash = passwordHash;
  const { email } = user;
  if (email) {
    deps.kit.afterReply.run('password changed mail', () =>
      deps.kit.mailer.send(passwordChangedMail(email, user.username, deps.kit.settings.publicUrl)),
    );
  }
}
