import { SYSTEM_SETTING_MESSAGES } from '@guildhall/contract';
import { findUserByEmail, insertEmailUser, type UserRow } from '../../auth/community-user-queries';
import { hashPassword } from '../../auth/passwords';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';
import type { AccountDeps } from './account-deps';
import { sendVerificationLink } from './email-links';
import { alreadyRegisteredMail } from './mail-templates';
import { type ClientInfo, type IssuedTokens, issueTokens } from './sign-in-tokens';

/** A registration form, already validated by the contract (password rule included). */
export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  /** A page of this site to go on to after verifying (an invite's join page). */
  returnPath?: string;
}

/** Signed in at once (verification not required), or told to check their e-mail (signedIn null). */
export interface RegistrationOutcome {
  signedIn: { user: UserRow; tokens: IssuedTokens } | null;
}

/**
 * Creates an e-mail account. An address that already has an account answers exactly like a new one that
 * must be verified (its owner gets a mail saying so), so registration never tells who has an account.
 * Without required verification a new user is signed in at once and still gets a link to verify. Whether sign-up
 * is open, verification required and the per-address limit are the system settings in force (issue 15).
 */
export async function register(deps: AccountDeps, form: RegistrationForm, client: ClientInfo): Promise<RegistrationOutcome> {
  const { registrationOpen, requireEmailVerification, registerRateLimit } = await deps.kit.systemSettings.current();
  if (!registrationOpen) throw new AppError('FORBIDDEN', SYSTEM_SETTING_MESSAGES.registrationClosed);
  await enforceRateLimit(deps.counter, `community-register:ip:${client.ip}`, {
    ...deps.kit.settings.rateLimits.registerPerIp,
    limit: registerRateLimit,
  });
  // Per address too: a stranger cannot flood an owner with "you already have an account" mails.
  await enforceRateLimit(
    deps.counter,
    `community-register:account:${form.email}`,
    deps.kit.settings.rateLimits.registerPerAccount,
  );
  // Hashing first, in both cases, keeps the answer's timing the same whether or not the address is taken.
  const passwordHash = await hashPassword(form.password);
  const created = await insertEmailUser(deps.db, {
    username: form.username,
    email: form.email,
    passwordHash,
    emailVerified: false,
  });

  if (!created) {
    deps.kit.afterReply.run('already-registered mail', async () => {
      const owner = await findUserByEmail(deps.db, form.email);
      if (owner) await deps.kit.mailer.send(alreadyRegisteredMail(form.email, owner.username, deps.kit.settings.publicUrl));
    });
    return { signedIn: null };
  }

  const recipient = { id: created.id, username: created.username, email: form.email };
  deps.kit.afterReply.run('verification mail', () => sendVerificationLink(deps.db, deps.kit, recipient, form.returnPath));
  if (requireEmailVerification) return { signedIn: null };
  const tokens = await issueTokens(deps, created.id, { isRemembered: false, client });
  return { signedIn: { user: created, tokens } };
}
