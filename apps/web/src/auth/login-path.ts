/** Where the admin console starts after sign-in when no page was asked for. */
export const ADMIN_HOME = '/admin';
/** The admin sign-in page. */
export const ADMIN_LOGIN_PATH = '/admin/login';
/** The signed-in admin's own two-factor sign-in (the account menu links it; past the grace, the only page open). */
export const TWO_FACTOR_PATH = '/admin/two-factor';

/** The login URL that brings the admin back to `from` afterwards, flagged when the session expired. */
export function buildLoginPath(from?: string, options: { expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (from && from !== ADMIN_HOME && safeReturnPath(from) === from) params.set('from', from);
  if (options.expired) params.set('expired', '1');
  const search = params.toString();
  return search ? `${ADMIN_LOGIN_PATH}?${search}` : ADMIN_LOGIN_PATH;
}

/**
 * The page to return to after sign-in: only a path inside the admin console (never another origin,
 * never the login page itself), else the dashboard.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.includes('\\')) return ADMIN_HOME;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (pathname !== ADMIN_HOME && !pathname.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  if (pathname === ADMIN_LOGIN_PATH || pathname.startsWith(`${ADMIN_LOGIN_PATH}/`)) return ADMIN_HOME;
  return from;
}
