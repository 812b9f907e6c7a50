import { findUserByEmail, type UserRow } from '../../auth/community-user-queries';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { type ClientInfo, type IssuedTokens, issueTokens } from './sign-in-tokens';

const refused = () => new AppError('INVALID_CREDENTIALS');

/**
 * Signs in with e-mail and password. Unknown addresses, accounts without a password and wrong passwords get
 * the same answer in the same time; an unverified address is only reported once the password was right.
 */
export async function logIn(
  deps: AccountDeps,
  attempt: { email: string; password: string; rememberMe: boolean },
  client: ClientInfo,
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  await enforceRateLimit(deps.counter, `community-login:ip:${client.ip}`, deps.kit.settings.rateLimits.loginPerIp);
  await enforceRateLimit(deps.counter, `community-login:account:${attempt.email}`, deps.kit.settings.rateLimits.loginPerAccount);
  const user = await findUserByEmail(deps.db, attempt.email);
  if (!user?.password_hash) {
    await verifyAgainstDummy(attempt.password);
    throw refused();
  }
  if (!(await verifyPassword(user.password_hash, attempt.password))) throw refused();
  const { requireEmailVerification } = await deps.kit.systemSettings.current();
  if (requireEmailVerification && !user.email_verified) {
    throw new AppError('EMAIL_NOT_VERIFIED');
  }
  const tokens = await issueTokens(deps, user.id, { isRemembered: attempt.rememberMe, client });
  return { user, tokens };
}
