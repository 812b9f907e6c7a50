import { COMMUNITY_PATHS } from '@guildhall/contract';
import type { Mail } from '../../services/mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(to: string, subject: string, lines: string[], link?: { url: string; label: string }): Mail {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', '— Guildhall'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>— Guildhall</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The link a verification mail carries; `from` is the page to go on to afterwards (an invite's join page). */
export const verificationLink = (publicUrl: string, token: string, from?: string) =>
  `${publicUrl}${COMMUNITY_PATHS.verifyEmail}?token=${encodeURIComponent(token)}${from ? `&from=${encodeURIComponent(from)}` : ''}`;

/** The link a reset mail carries. */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}${COMMUNITY_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;

/** Asks the owner of an address to confirm it (24 hours). */
export const verificationMail = (to: string, username: string, url: string) =>
  mail(
    to,
    'Verify your email for Guildhall',
    [`Hi ${username},`, 'Please confirm this email address for your Guildhall account. The link works once, for 24 hours.'],
    { url, label: 'Verify your email' },
  );

/** A password reset link (1 hour). */
export const resetMail = (to: string, username: string, url: string) =>
  mail(
    to,
    'Reset your Guildhall password',
    [
      `Hi ${username},`,
      'Someone asked to reset the password of your Guildhall account. The link works once, for 1 hour.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );

/** Someone tried to register an address that already has an account: tell its owner, not the visitor. */
export const alreadyRegisteredMail = (to: string, username: string, publicUrl: string) =>
  mail(
    to,
    'Your Guildhall account',
    [
      `Hi ${username},`,
      'Someone tried to create a Guildhall account with this email address, which already has one.',
      'If it was you, log in, or reset your password if you forgot it. Otherwise you can ignore this email.',
    ],
    { url: `${publicUrl}${COMMUNITY_PATHS.forgotPassword}`, label: 'Reset your password' },
  );

/** The password of the account was changed while signed in: its owner hears of it, in case it was not them. */
export const passwordChangedMail = (to: string, username: string, publicUrl: string) =>
  mail(
    to,
    'Your Guildhall password was changed',
    [
      `Hi ${username},`,
      'The password of your Guildhall account was just changed, and its other sign-ins were ended.',
      'If it was not you, reset your password now.',
    ],
    { url: `${publicUrl}${COMMUNITY_PATHS.forgotPassword}`, label: 'Reset your password' },
  );
