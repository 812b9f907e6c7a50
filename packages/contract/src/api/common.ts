import { z } from 'zod';
import { COMMUNITY_MESSAGES } from '../community-messages';
import { MESSAGES } from '../messages';
import { SERVER_MESSAGES } from '../server-messages';

/** What an error code means on the wire: its HTTP status, and the message it carries when the thrower gives none. */
export interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 423 | 429 | 500 | 502 | 503;
  message?: string;
}

/**
 * Every error code the server returns in `code`, with its status. A code has one status: a refusal that
 * needs another status is another code. Codes thrown with one message everywhere carry it here.
 */
export const ERROR_CATALOG = {
  VALIDATION_FAILED: { status: 400 },
  /** A path parameter longer than the router accepts. */
  PATH_TOO_LONG: { status: 414, message: SERVER_MESSAGES.pathPartTooLong },
  /** A body past the server's size limit. */
  PAYLOAD_TOO_LARGE: { status: 413 },
  /** A body of a content type the call does not take. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  ADMIN_LOGIN_FAILED: { status: 401 },
  ADMIN_ACCOUNT_LOCKED: { status: 423 },
  RATE_LIMITED: { status: 429 },
  INVALID_SESSION: { status: 401 },
  UNAUTHENTICATED: { status: 401 },
  FORBIDDEN: { status: 403 },
  CSRF_REJECTED: { status: 403, message: SERVER_MESSAGES.csrfRejected },
  NOT_FOUND: { status: 404, message: SERVER_MESSAGES.notFound },
  CONFLICT: { status: 409 },
  GUILD_DUPLICATE: { status: 409 },
  INVALID_TOKEN: { status: 401 },
  TOKEN_EXPIRED: { status: 401, message: COMMUNITY_MESSAGES.accessTokenExpired },
  REFRESH_TOKEN_REUSED: { status: 401, message: COMMUNITY_MESSAGES.refreshTokenReused },
  INVALID_CREDENTIALS: { status: 401, message: COMMUNITY_MESSAGES.invalidEmailOrPassword },
  EMAIL_NOT_VERIFIED: { status: 403, message: COMMUNITY_MESSAGES.emailNotVerified },
  /** A verification or password-reset link that is unknown, used or out of date. */
  INVALID_LINK: { status: 400 },
  /** A guild invite link that was good once and is no longer: expired, revoked or used up. */
  INVITE_ENDED: { status: 410 },
  GUILD_SELECTION_REQUIRED: { status: 400, message: COMMUNITY_MESSAGES.guildSelectionRequired },
  GUILD_NOT_AVAILABLE: { status: 403, message: COMMUNITY_MESSAGES.guildNotAvailable },
  DISCORD_NOT_CONFIGURED: { status: 503 },
  /** An outside service that does not answer, or is not set up for the feature. */
  SERVICE_UNAVAILABLE: { status: 503 },
  /** An outside service that answered, with a refusal (InfluxDB rejecting a query). */
  SERVICE_REFUSED: { status: 502 },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: MESSAGES.passwordChangeRequired },
  TWO_FACTOR_ENROLMENT_REQUIRED: { status: 403 },
  INTERNAL: { status: 500, message: SERVER_MESSAGES.internal },
} as const satisfies Record<string, ErrorEntry>;

/** An error code of ERROR_CATALOG. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** The codes of ERROR_CATALOG, in its order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];

/** The codes whose catalog entry carries a default message. */
export type ErrorCodeWithMessage = {
  [C in ErrorCode]: (typeof ERROR_CATALOG)[C] extends { message: string } ? C : never;
}[ErrorCode];

/** The HTTP status an error code answers with. */
export const errorStatus = (code: ErrorCode): ErrorEntry['status'] => ERROR_CATALOG[code].status;

/** The default message of an error code, if its catalog entry has one. */
export const defaultErrorMessage = (code: ErrorCode): string | undefined => (ERROR_CATALOG[code] as ErrorEntry).message;

/** Every failed call answers with this envelope and an honest status. */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** The error envelope. */
export type ErrorResponse = z.infer<typeof errorResponse>;

/** One call of the HTTP contract. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}

/** Declares an endpoint, keeping its schema types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** Header every cookie-authenticated write carries against CSRF (DESIGN.md). */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
