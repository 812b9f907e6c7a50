import { COMMUNITY_PATHS } from '@guildhall/contract';

/** Pages a signed-in user is never sent back to: the sign-in pages themselves. */
const SIGN_IN_PAGES: readonly string[] = [
  COMMUNITY_PATHS.login,
  COMMUNITY_PATHS.register,
  COMMUNITY_PATHS.verifyEmail,
  COMMUNITY_PATHS.forgotPassword,
  COMMUNITY_PATHS.resetPassword,
];

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The community page to return to after sign-in: only a path of this app outside the admin console and the
 * sign-in pages (never another origin), else the home page.
 */
export function safeCommunityReturn(from: string | null | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.includes('\\')) return COMMUNITY_PATHS.home;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (isUnder(pathname, '/admin') || SIGN_IN_PAGES.some((page) => isUnder(pathname, page))) return COMMUNITY_PATHS.home;
  return from;
}

/** A page's address with `from` kept, so the next step can come back to it. */
export function withReturnPath(page: string, from?: string | null): string {
  const safe = safeCommunityReturn(from);
  if (safe === COMMUNITY_PATHS.home) return page;
  return `${page}?${new URLSearchParams({ from: safe })}`;
}

/** The sign-in page that brings the user back to `from` afterwards. */
export const buildSignInPath = (from?: string | null) => withReturnPath(COMMUNITY_PATHS.login, from);
