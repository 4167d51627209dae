/** The one error type of the API: a status, a stable code and a message a person can act on. */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly errors?: { path: string; message: string }[];
  /** With 429 and 503: when the caller may try again (the Retry-After header). */
  retryAfterSeconds?: number;
  /**
   * Values the screens word the refusal from, sent beside `code` at the body's top level (a stay
   * rule: `rule`, `date`, `minStay`…).
   */
  details?: Record<string, unknown>;

  constructor(code: string, message: string, statusCode: number, errors?: { path: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.errors = errors;
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
    return new AppError(code, message, 400);
  }
  static unauthorized(message = 'Please log in to continue.', code = 'UNAUTHORIZED') {
    return new AppError(code, message, 401);
  }
  static forbidden(message = 'You do not have permission to do this.', code = 'FORBIDDEN') {
    return new AppError(code, message, 403);
  }
  static notFound(message: string, code = 'NOT_FOUND') {
    return new AppError(code, message, 404);
  }
  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(code, message, 409);
  }
  /** The same error, with values for the screens to word it (see `details`). */
  with(details: Record<string, unknown>): this {
    this.details = details;
    return this;
  }
}
