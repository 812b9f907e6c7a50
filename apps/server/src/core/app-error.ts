import { defaultErrorMessage, type ErrorCode, type ErrorCodeWithMessage, serviceUnavailable } from '@guildhall/contract';

/** Extra fields some refusals carry beside the envelope (the login's attempt counters, for one). */
export type ErrorDetails = Record<string, string | number | boolean | null>;

/** What a refusal carries beside its code and message. */
export interface AppErrorOptions {
  fields?: Record<string, string>;
  details?: ErrorDetails;
  headers?: Record<string, string>;
}

/**
 * The one error type the server throws on purpose; the error handler maps it to the contract's envelope.
 * It carries no status: the handler answers with the code's, from the contract's catalog, so no thrower picks one.
 */
export class AppError extends Error {
  constructor(code: ErrorCodeWithMessage, message?: string, options?: AppErrorOptions);
  constructor(code: ErrorCode, message: string, options?: AppErrorOptions);
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message ?? defaultErrorMessage(code) ?? code);
    this.name = 'AppError';
  }

  /** 404 for a path or resource that does not exist (or that the caller may not know exists). */
  static notFound(message?: string) {
    return new AppError('NOT_FOUND', message);
  }

  /** 400 with a message on one field. */
  static invalidField(field: string, message: string) {
    return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
  }

  /** 503 for a configured outside service that does not answer. */
  static serviceUnavailable(serviceLabel: string) {
    return new AppError('SERVICE_UNAVAILABLE', serviceUnavailable(serviceLabel));
  }
}
