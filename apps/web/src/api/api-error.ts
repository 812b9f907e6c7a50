import { MESSAGES } from '@guildhall/contract';

/** Codes that mean the admin session is gone, as opposed to a refused credential. */
const SESSION_CODES = new Set(['INVALID_SESSION', 'UNAUTHENTICATED']);

/** A failed call: the status, the envelope's code and field errors, and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, message: string, options: { code?: string; fields?: Record<string, string>; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.body = options.body;
  }

  /** True for a 401 that says the session is missing or over (a wrong password is not one). */
  get isSessionError(): boolean {
    return this.status === 401 && (this.code === undefined || SESSION_CODES.has(this.code));
  }
}

/** The code of a community call's error once its session has ended: the user was told already. */
export const SESSION_ENDED = 'SESSION_ENDED';

/** True for the error of a community call whose refresh failed (the session-expired toast has been shown). */
export const isSessionEnded = (error: unknown): boolean => error instanceof ApiError && error.code === SESSION_ENDED;

/** The message to show for any thrown value: the server's error, else the given fallback. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.requestFailed): string {
  if (error instanceof ApiError && error.status !== 0) return error.message || fallback;
  return fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** Builds the error of a non-success answer from the envelope `{ success: false, error, code, fields }`. */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, MESSAGES.requestFailed, { body });
  const message =
    (typeof body.error === 'string' && body.error) ||
    (typeof body.message === 'string' && body.message) ||
    MESSAGES.requestFailed;
  return new ApiError(status, message, {
    code: typeof body.code === 'string' ? body.code : undefined,
    fields: stringFields(body.fields),
    body,
  });
}
