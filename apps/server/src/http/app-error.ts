import { type ErrorCode, SERVER_MESSAGES, serviceUnavailable } from '@guildhall/contract';

/** Extra fields some refusals carry beside the envelope (the login's attempt counters, for one). */
export type ErrorDetails = Record<string, string | number | boolean | null>;

/** The one error type the server throws on purpose; the error handler maps it to the contract's envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; details?: ErrorDetails; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** 404 for a path or resource that does not exist (or that the caller may not know exists). */
  static notFound(message: string = SERVER_MESSAGES.notFound) {
    return new AppError(404, 'NOT_FOUND', message);
  }

  /** 400 with a message on one field. */
  static invalidField(field: string, message: string) {
    return new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });
  }

  /** 503 for a configured outside service that does not answer. */
  static serviceUnavailable(serviceLabel: string) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', serviceUnavailable(serviceLabel));
  }
}
