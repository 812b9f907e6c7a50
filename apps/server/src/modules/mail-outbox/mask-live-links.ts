import { MASKED_MAIL_TOKEN, VERIFICATION_LINK_TTL_MS } from '@guildhall/contract';

/** The longest a mailed link works (a verification link; a reset link works for less). */
const LONGEST_LINK_TTL_MS = VERIFICATION_LINK_TTL_MS;

// A token or code parameter of a link, in text or in an href (also &amp;-escaped).
const LINK_SECRET = /([?&](?:amp;)?(?:token|code)=)[^&\s"'<>]+/gi;

/** Whether a mail written at `createdAt` may still hold a working link. */
export const mayHoldLiveLink = (createdAt: Date, now = new Date()) => now.getTime() - createdAt.getTime() < LONGEST_LINK_TTL_MS;

/** The text with the token of every link replaced by MASKED_MAIL_TOKEN. */
export const maskLinkTokens = (text: string) => text.replace(LINK_SECRET, `$1${MASKED_MAIL_TOKEN}`);
