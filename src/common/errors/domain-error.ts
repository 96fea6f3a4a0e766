import type { ErrorCode } from './error-codes';

/**
 * Kinds of failure a service can report. Services never speak HTTP; the exception filter maps each
 * kind to its status code in one place.
 */
export enum ErrorKind {
  BadRequest = 'bad_request',
  Unauthenticated = 'unauthenticated',
  Forbidden = 'forbidden',
  NotFound = 'not_found',
  Conflict = 'conflict',
  PayloadTooLarge = 'payload_too_large',
  UnsupportedMediaType = 'unsupported_media_type',
  Unprocessable = 'unprocessable',
  RateLimited = 'rate_limited',
  Unavailable = 'unavailable',
  /** The work failed for a reason the service knows and names (500, with a log entry). */
  Failed = 'failed',
}

export interface FieldError {
  field: string;
  message: string;
}

export interface DomainErrorOptions {
  /** Persist a log entry and append its link to the message (docs/design.md §4). */
  logEntry?: boolean;
  /**
   * The log entry of a lasting failure, written once already: its link is appended and no new
   * entry is written (every read of a failed print set would otherwise add one).
   */
  logEntryId?: string;
  /** Invalid fields, listed in ProblemDetails `errors` on 400. */
  fields?: FieldError[];
  /** Sent as Retry-After (seconds): when the same request may succeed. */
  retryAfterSeconds?: number;
}

/** A failure with a stable code and a one-sentence message that names the offending value. */
export class DomainError extends Error {
  readonly logEntry: boolean;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly logEntryId: string | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly kind: ErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = code;
    this.logEntry = options.logEntry ?? false;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.logEntryId = options.logEntryId;
  }
}

export class ValidationFailed extends DomainError {
  constructor(message: string, fields: FieldError[] = []) {
    super('VALIDATION_FAILED', ErrorKind.BadRequest, message, { fields });
  }
}

/** `Invalid request: <field> <rule>.`: one field outside its rule (or missing, or in conflict), a 400 naming it. */
export function invalidField(field: string, rule: string): ValidationFailed {
  return new ValidationFailed(`Invalid request: ${field} ${rule}.`, [
    { field, message: `${field} ${rule}` },
  ]);
}

/** Problems named in one 400 answer; the rest follow once these are fixed. */
const MAX_PROBLEMS_LISTED = 10;

/** `Invalid <subject>: <problem> <problem> … (and N more)`: one 400 naming each problem. */
export function invalidWithProblems(
  subject: string,
  problems: readonly string[],
): ValidationFailed {
  const listed = problems.slice(0, MAX_PROBLEMS_LISTED);
  const more = problems.length - listed.length;
  return new ValidationFailed(
    `Invalid ${subject}: ${listed.join(' ')}${more > 0 ? ` (and ${more} more)` : ''}`,
  );
}
