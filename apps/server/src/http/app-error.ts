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
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}
