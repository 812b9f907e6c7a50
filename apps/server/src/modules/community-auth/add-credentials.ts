import { COMMUNITY_MESSAGES, passwordProblem } from '@guildhall/contract';
import { findUserByEmail, type UserRow, updateCredentials } from '../../auth/community-user-queries';
import { hashPassword } from '../../auth/passwords';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { sendVerificationLink } from './email-links';

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Gives a Discord account an e-mail and password, so it can sign in either way (authMethod both). The address
 * counts as verified only when it is the one Discord already verified; otherwise a verification link goes out.
 */
export async function addCredentials(
  deps: AccountDeps,
  user: UserRow,
  form: { email: string; password: string },
): Promise<{ user: UserRow; message: string }> {
  await enforceRateLimit(
    deps.counter,
    `community-add-credentials:${user.id}`,
    deps.kit.settings.rateLimits.addCredentialsPerAccount,
  );
  if (user.password_hash) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.credentialsAlreadySet);
  const problem = passwordProblem(form.password, { username: user.username, email: form.email });
  if (problem) throw AppError.invalidField('password', problem);
  const isSameAddress = user.email?.toLowerCase() === form.email;
  if (!isSameAddress) {
    const holder = await findUserByEmail(deps.db, form.email);
    if (holder && holder.id !== user.id)
      throw new AppError('CONFLICT', COMMUNITY_MESSAGES.emailInUse, { fields: { email: COMMUNITY_MESSAGES.emailInUse } });
  }
  const isVerified = isSameAddress && user.email_verified;
  let updated: UserRow;
  try {
    updated = await updateCredentials(deps.db, user.id, {
      passwordHash: await hashPassword(form.password),
      email: form.email,
      emailVerified: isVerified,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.emailInUse);
    throw error;
  }
  if (isVerified) return { user: updated, message: COMMUNITY_MESSAGES.credentialsAdded };
  const recipient = { id: updated.id, username: updated.username, email: form.email };
  deps.kit.afterReply.run('verification mail', () => sendVerificationLink(deps.db, deps.kit, recipient));
  return { user: updated, message: COMMUNITY_MESSAGES.credentialsAddedCheckEmail };
}
