/** What a redacted value reads as. */
export const REDACTED = '[Redacted]';

/** Field names whose values are secrets wherever they appear in a log line, at any depth, in any letter case. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'code',
  'apiKey',
  'api_key',
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
];

/** Query and fragment parameters that carry a credential: reset and verification links, OAuth callbacks, API keys. */
const SECRET_PARAMS = [
  'token',
  'code',
  'password',
  'secret',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'client_secret',
  'clientSecret',
  'api_key',
  'apiKey',
];

// One pass over the JSON line finds both: a secret field's key ("password": after { or , — inside a string value
// its quotes would be escaped) and a secret parameter of a URL anywhere in it (also percent-encoded, as in a
// redirect target), messages included.
const SECRET = new RegExp(
  `([{,]"(?:${SECRET_FIELDS.join('|')})":)|((?:[?&#;]|%3F|%26)(?:${SECRET_PARAMS.join('|')})(?:=|%3D))`,
  'gi',
);
const QUERY_VALUE = /[^&#\s"'<>\\]*/y;

// A serialised error's `code` (ECONNREFUSED, ERR_INVALID_URL, SQLSTATE 23505, VALIDATION_FAILED, an HTTP status) is
// what an operator needs; an OAuth code never has these shapes.
const ERROR_CODE = /^(?:\d+|"(?:[0-9A-Z]{5}|E[A-Z]{3,15}|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)")$/;

/** Where the JSON value starting at `start` ends (exclusive). */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let isInString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (isInString) {
      if (char === '\\') at++;
      else if (char === '"') {
        isInString = false;
        if (depth === 0) return at + 1;
      }
    } else if (char === '"') isInString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      if (depth === 0) return at;
      depth--;
      if (depth === 0) return at + 1;
    } else if (char === ',' && depth === 0) return at;
  }
  return text.length;
}

/**
 * A JSON log line with every secret replaced: values of secret fields (objects and arrays whole) and secret values
 * of URL parameters. pino calls it on each line before any stream sees it, so stdout, the files and the live tail
 * all get the same redacted line.
 */
export function redactLogLine(line: string): string {
  let redacted = '';
  let copied = 0;
  SECRET.lastIndex = 0;
  for (let match = SECRET.exec(line); match !== null; match = SECRET.exec(line)) {
    const valueStart = match.index + match[0].length;
    let valueEnd: number;
    let isSecret: boolean;
    if (match[1] !== undefined) {
      valueEnd = jsonValueEnd(line, valueStart);
      const value = line.slice(valueStart, valueEnd);
      const isErrorCode = match[1].toLowerCase() === ',"code":' || match[1].toLowerCase() === '{"code":';
      isSecret = value !== 'null' && !(isErrorCode && ERROR_CODE.test(value));
      if (isSecret) redacted += `${line.slice(copied, valueStart)}"${REDACTED}"`;
    } else {
      QUERY_VALUE.lastIndex = valueStart;
      QUERY_VALUE.exec(line);
      valueEnd = QUERY_VALUE.lastIndex;
      isSecret = valueEnd > valueStart;
      if (isSecret) redacted += `${line.slice(copied, valueStart)}${REDACTED}`;
    }
    if (isSecret) copied = valueEnd;
    SECRET.lastIndex = Math.max(valueEnd, SECRET.lastIndex);
  }
  return copied === 0 ? line : redacted + line.slice(copied);
}

/** Path segments that name a credential after these (an invite's join page, a code or token in a path). */
const SECRET_AFTER_SEGMENT = new Set(['join', 'invites', 'invite', 'reset-password', 'verify-email', 'tokens', 'token']);

/**
 * A segment shaped like a generated credential: 16 or more base64url characters (an invite code has 24) with a digit
 * or both letter cases, which the app's own page words (`character-discovery`) and file names (a dot) do not have.
 */
const isTokenLike = (segment: string) =>
  /^[A-Za-z0-9_%-]{16,}$/.test(segment) && (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)));

/**
 * The path a request line shows: the route's template (`/api/invites/:code/accept`) when a route matched, so a code
 * or token in the path never reaches a log; otherwise (a 404, the web app's pages) the path with every segment that
 * follows a credential-carrying one or looks like a generated credential replaced. The query string stays (its
 * secret parameters are redacted with the rest of the line).
 */
export function loggedRequestPath(url: string, routeTemplate: string | undefined): string {
  const queryAt = url.indexOf('?');
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (routeTemplate && !routeTemplate.includes('*')) return `${routeTemplate}${query}`;
  const segments = (queryAt === -1 ? url : url.slice(0, queryAt)).split('/');
  const shown = segments.map((segment, at) => {
    const previous = at > 0 ? decodeSegment(segments[at - 1]!).toLowerCase() : '';
    const isSecret = segment !== '' && (SECRET_AFTER_SEGMENT.has(previous) || isTokenLike(segment));
    return isSecret ? REDACTED : segment;
  });
  return `${shown.join('/')}${query}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
