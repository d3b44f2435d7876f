import {
  errorMessages,
  errorStatus,
  type ErrorCode,
  type FieldError,
} from '@curtaincall/contracts';

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{success:false, status, code, message, errors?}` with the status from the contract's map.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: FieldError[],
    /** Sent as `Retry-After` (seconds), so a refused client knows when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    // Expected outcomes (a taken seat, a wrong password) are thrown thousands of times a second
    // under load; they need no stack trace, and capturing one is most of an Error's cost.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? errorMessages[code]);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}
