import { type ErrorCode, type ErrorResponse, errorStatus, SERVER_MESSAGES } from '@guildhall/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/app-error';

/** One validation issue as Fastify reports it (zod issues arrive in this shape too). */
interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** Field → first message, with paths like "/user/name" read as "user.name"; whole-body issues have no field. */
export function fieldsOf(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field && !(field in fields)) fields[field] = issue.message ?? 'Invalid value';
  }
  return fields;
}

// The codes of the client errors Fastify and its plugins raise, by their status; any other one is a 400.
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'PATH_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The levels a finished request is logged at. */
export type RequestLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * How loudly a refusal given on purpose is logged. A feature that is not configured is the
 * deployment's choice (info); a configured service that is down needs the operator (warn). Neither
 * is a failure of the server, so neither is an error.
 */
export function refusalLogLevel(error: AppError): 'info' | 'warn' {
  if (errorStatus(error.code) < 500 || error.code === 'DISCORD_NOT_CONFIGURED') return 'info';
  return 'warn';
}

/**
 * The level of a request's log line: reads quietly, writes visibly, and only a 5xx nobody meant at
 * error. `refusal` is the level of the AppError the request was answered with, if any.
 */
export function requestLogLevel(method: string, statusCode: number, refusal?: 'info' | 'warn'): RequestLogLevel {
  if (statusCode >= 500) return refusal ?? 'error';
  return method === 'GET' || method === 'HEAD' ? 'debug' : 'info';
}

// The refusal each request was answered with, for its log line once the response is sent.
const refusals = new WeakMap<FastifyRequest, 'info' | 'warn'>();

/** The log level of a finished request, as requestLogLevel decides it. */
export function finishedRequestLogLevel(request: FastifyRequest, statusCode: number): RequestLogLevel {
  return requestLogLevel(request.method, statusCode, refusals.get(request));
}

/** Maps every thrown error, once, to `{ success: false, error, code, fields }`, the status the code's (from the catalog). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      refusals.set(request, refusalLogLevel(error));
      const { fields, details, headers } = error.options;
      const body: ErrorResponse = { success: false, error: error.message, code: error.code, ...(fields ? { fields } : {}) };
      return reply
        .code(errorStatus(error.code))
        .headers(headers ?? {})
        .send({ ...body, ...details });
    }
    if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
      const issues = (error.validation ?? []) as ValidationIssue[];
      const first = issues[0]?.message ?? error.message;
      return reply
        .code(errorStatus('VALIDATION_FAILED'))
        .send({ success: false, error: first, code: 'VALIDATION_FAILED', fields: fieldsOf(issues) });
    }
    // Fastify's own refusals (malformed JSON, unsupported media type, body too large) are the client's fault.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      return reply.code(errorStatus(code)).send({ success: false, error: error.message, code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(errorStatus('INTERNAL')).send({ success: false, error: SERVER_MESSAGES.internal, code: 'INTERNAL' });
  });
}

/** The error envelope on the root, so every route and every refusal of a hook answers in it. */
export const errorEnvelope = fp(async (app) => registerErrorHandler(app), { name: 'error-envelope' });
