import { COMMUNITY_MESSAGES, passwordProblem } from '@guildhall/contract';
import { revokeCommunitySessionsOfUser } from '../../auth/community-session-queries';
import { revokeFamiliesOfUser } from '../../auth/community-token-queries';
import { findUserByEmail, findUserById, updateCredentials } from '../../auth/community-user-queries';
import { hashPassword } from '../../auth/passwords';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { sendResetLink, useLinkToken } from './email-links';
import type { ClientInfo } from './sign-in-tokens';

/**
 * Sends a reset link when the address has an account. The lookup and the mail happen after the answer, so
 * known and unknown addresses get the same answer in the same time.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, client: ClientInfo): Promise<void> {
  await enforceRateLimit(deps.counter, `community-forgot:ip:${client.ip}`, deps.kit.settings.rateLimits.forgotPasswordPerIp);
  await enforceRateLimit(
    deps.counter,
    `community-forgot:account:${email}`,
    deps.kit.settings.rateLimits.forgotPasswordPerAccount,
  );
  deps.kit.afterReply.run('password reset mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (user?.email) await sendResetLink(deps.db, deps.kit, { id: user.id, username: user.username, email: user.email });
  });
}

const invalidLink = () => new AppError('INVALID_LINK', COMMUNITY_MESSAGES.resetLinkInvalid);

/**
 * Sets a new password with a reset link's token and ends every sign-in of the account (whoever knew the old
 * password is out). The link proves the inbox, so the address counts as verified. A password the rule
 * refuses leaves the link usable: the whole change is one transaction.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const link = await useLinkToken(tx, token, 'reset_password');
    if (!link) throw invalidLink();
    const user = await findUserById(tx, link.user_id);
    if (!user || user.email?.toLowerCase() !== link.email.toLowerCase()) throw invalidLink();
    const problem = passwordProblem(password, { username: user.username, email: user.email });
    if (problem) throw AppError.invalidField('password', problem);
    await updateCredentials(tx, user.id, { passwordHash: await hashPassword(password), emailVerified: true });
    await revokeFamiliesOfUser(tx, user.id, 'password_reset');
    await revokeCommunitySessionsOfUser(tx, user.id, 'password_reset');
  });
}
