import { RESET_LINK_TTL_MS, VERIFICATION_LINK_TTL_MS } from '@guildhall/contract';
import { type EmailTokenPurpose, replaceEmailToken, useEmailToken } from '../../auth/community-token-queries';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import type { Queryable } from '../../services/db/db';
import type { CommunityKit } from './community-kit';
import { resetLink, resetMail, verificationLink, verificationMail } from './mail-templates';

const LIFETIME: Record<EmailTokenPurpose, number> = {
  verify_email: VERIFICATION_LINK_TTL_MS,
  reset_password: RESET_LINK_TTL_MS,
};

/** Stores a new single-use link token (only its hash) and returns the plain token for the mail. */
async function newLinkToken(db: Queryable, userId: string, email: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = newSessionToken();
  await replaceEmailToken(db, {
    tokenHash: hashSessionToken(token),
    userId,
    purpose,
    email,
    expiresAt: new Date(Date.now() + LIFETIME[purpose]),
  });
  return token;
}

/**
 * Sends a verification link for the address; earlier links of the user stop working. `returnPath` (a page of
 * this site, checked by the contract) rides along in the link, so the user goes on there once verified.
 */
export async function sendVerificationLink(
  db: Queryable,
  kit: CommunityKit,
  user: { id: string; username: string; email: string },
  returnPath?: string,
): Promise<void> {
  const token = await newLinkToken(db, user.id, user.email, 'verify_email');
  const link = verificationLink(kit.settings.publicUrl, token, returnPath);
  await kit.mailer.send(verificationMail(user.email, user.username, link));
}

/** Sends a password reset link; earlier reset links of the user stop working. */
export async function sendResetLink(db: Queryable, kit: CommunityKit, user: { id: string; username: string; email: string }) {
  const token = await newLinkToken(db, user.id, user.email, 'reset_password');
  await kit.mailer.send(resetMail(user.email, user.username, resetLink(kit.settings.publicUrl, token)));
}

/** Uses a link token once; returns the user and address it was for, or null (unknown, used or expired). */
export function useLinkToken(db: Queryable, token: string, purpose: EmailTokenPurpose) {
  return useEmailToken(db, hashSessionToken(token), purpose);
}
