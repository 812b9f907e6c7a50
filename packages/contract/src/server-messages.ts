/** Server answers the specification does not quote; the web shows them as "the server error". */
export const SERVER_MESSAGES = {
  /** A cookie-authenticated write without X-Requested-With, or from a foreign Origin. */
  csrfRejected: 'Request refused: it must come from this site (X-Requested-With header and same-origin Origin required).',
  /** An /api path or resource that does not exist. */
  notFound: 'Not found',
  /** Anything unexpected; details go to the server log, never to the client. */
  internal: 'Something went wrong on the server. Please try again.',
  /** Change password: the current password given is wrong. */
  currentPasswordIncorrect: 'Current password is incorrect',
  /** Change password: the new password equals the current one. */
  passwordUnchanged: 'The new password must differ from the current one',
  /** A socket connection from a page of another site. */
  foreignOrigin: 'Connection refused: foreign origin',
  /** A path whose percent-encoding is broken (a cut %-escape, bytes that are no UTF-8). */
  badUrl: 'This address is not valid: part of it is not correctly percent-encoded.',
  /** A path parameter longer than the router accepts (100 characters). */
  pathPartTooLong: 'This address is not valid: part of it is too long.',
  /** The web app has not been built, so there is no page to serve. */
  webAppNotBuilt: 'The web app is not built. Run `npm run build` and restart the server.',
} as const;

/** '{service} is unavailable right now. Try again shortly.' for a configured service that is down. */
export const serviceUnavailable = (service: string) => `${service} is unavailable right now. Try again shortly.`;

/** '{service} is not reachable at {address}', what a refused or failed connection says instead of 'fetch failed'. */
export const serviceNotReachable = (service: string, address: string) => `${service} is not reachable at ${address}`;

/** '{service} did not answer within {ms} ms', what a timed-out call to an outside service says. */
export const serviceTimedOut = (service: string, ms: number) =>
  `${service} did not answer within ${ms.toLocaleString('en-US')} ms`;
