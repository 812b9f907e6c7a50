import { z } from 'zod';

/** Error codes the server returns in `code`. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'ADMIN_LOGIN_FAILED',
  'ADMIN_ACCOUNT_LOCKED',
  'RATE_LIMITED',
  'INVALID_SESSION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'GUILD_DUPLICATE',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'REFRESH_TOKEN_REUSED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'INVALID_LINK',
  'GUILD_SELECTION_REQUIRED',
  'GUILD_NOT_AVAILABLE',
  'DISCORD_NOT_CONFIGURED',
  'SERVICE_UNAVAILABLE',
  'PASSWORD_CHANGE_REQUIRED',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
  'INTERNAL',
] as const;

/** An error code of ERROR_CODES. */
export type ErrorCode = (typeof ERROR_CODES)[number];

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
