import { COMMUNITY_MESSAGES } from '@guildhall/contract';
import { findUserByEmail, markEmailVerified, type UserRow } from '../../auth/community-user-queries';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { sendVerificationLink, useLinkToken } from './email-links';
import type { ClientInfo } from './sign-in-tokens';

/** Confirms an address with its link's token (once); the address must still be the account's. */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const link = await useLinkToken(tx, token, 'verify_email');
    if (!link || !(await markEmailVerified(tx, link.user_id, link.email))) {
      throw new AppError('INVALID_LINK', COMMUNITY_MESSAGES.verificationLinkInvalid);
    }
  });
}

/**
 * Sends a new verification link: to the signed-in user, or (not signed in, e.g. refused at login for an
 * unverified address) to `email`, answering the same whether or not that address has an account.
 */
export async function resendVerification(
  deps: AccountDeps,
  caller: { user: UserRow } | { email: string },
  client: ClientInfo,
): Promise<void> {
  if ('user' in caller) {
    const { user } = caller;
    if (!user.email) throw new AppError('VALIDATION_FAILED', COMMUNITY_MESSAGES.noEmailOnAccount);
    if (user.email_verified) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyVerified);
    await enforceRateLimit(
      deps.counter,
      `community-resend:account:${user.email}`,
      deps.kit.settings.rateLimits.resendVerificationPerAccount,
    );
    const recipient = { id: user.id, username: user.username, email: user.email };
    deps.kit.afterReply.run('verification mail', () => sendVerificationLink(deps.db, deps.kit, recipient));
    return;
  }
  await enforceRateLimit(deps.counter, `community-resend:ip:${client.ip}`, deps.kit.settings.rateLimits.resendVerificationPerIp);
  await enforceRateLimit(
    deps.counter,
    `community-resend:account:${caller.email}`,
    deps.kit.settings.rateLimits.resendVerificationPerAccount,
  );
  deps.kit.afterReply.run('verification mail', async () => {
    const user = await findUserByEmail(deps.db, caller.email);
    if (user?.email && !user.email_verified) {
      await sendVerificationLink(deps.db, deps.kit, { id: user.id, username: user.username, email: user.email });
    }
  });
}
