import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A recipe set on hold or cancelled: its print files are not available (403). */
export class PrintFilesUnavailable extends DomainError {
  constructor(recipeSet: string, status: string) {
    super(
      'PRINT_FILES_UNAVAILABLE',
      ErrorKind.Forbidden,
      `Recipe set ${recipeSet} is ${status}: its print files are not available.`,
    );
  }
}

/** A location the recipe set's product does not have, or its design leaves blank. */
export class PrintLocationNotFound extends DomainError {
  constructor(recipeSet: string, location: string, known: readonly string[]) {
    super(
      'PRINT_LOCATION_NOT_FOUND',
      ErrorKind.NotFound,
      `Recipe set ${recipeSet} has no print files for location ${location} (its locations with print files: ${known.join(', ') || 'none'}).`,
    );
  }
}

/** `priority` that is not 0–4 or a priority name. */
export class InvalidPriority extends DomainError {
  constructor(value: string) {
    super(
      'INVALID_PRIORITY',
      ErrorKind.BadRequest,
      `Invalid value for priority: '${value}'. It must be 0-4 or Lowest, Lower, Normal, Higher or Highest.`,
    );
  }
}

/** A design whose print files would cost more than the ceilings (one saved before them). */
export class PrintFilesTooLarge extends DomainError {
  constructor(recipeSet: string, problems: readonly string[]) {
    super(
      'PRINT_FILES_TOO_LARGE',
      ErrorKind.Unprocessable,
      `The print files of recipe set ${recipeSet} cannot be made: ${problems.join(' ')}`,
    );
  }
}

/** Seconds a client at its proof limit is asked to wait: about one proof's time. */
export const PROOF_RETRY_AFTER_SECONDS = 10;

/** A client already has PRINT_PROOF_QUEUE_LIMIT proofs queued or being made (429). */
export class TooManyProofs extends DomainError {
  constructor(recipeSet: string, queued: number, limit: number) {
    super(
      'TOO_MANY_PROOFS',
      ErrorKind.RateLimited,
      `Recipe set ${recipeSet} is not ordered, and ${queued} proofs of this client are already queued or being made; a client may have at most ${limit} (PRINT_PROOF_QUEUE_LIMIT). Retry once one is ready.`,
      { retryAfterSeconds: PROOF_RETRY_AFTER_SECONDS },
    );
  }
}

/**
 * Print files that failed for good: 500 with the reason (the one the `print_files.failed` event
 * carries: the error's message, no personal data) and the link of the one log entry of the
 * failure.
 */
export class PrintFilesFailed extends DomainError {
  constructor(recipeSet: string, version: number, reason: string | null, logEntryId: string) {
    super(
      'PRINT_FILES_FAILED',
      ErrorKind.Failed,
      `The print files of recipe set ${recipeSet} (design version ${version}) could not be made` +
        (reason ? `: ${reason.replace(/[.\s]+$/, '')}.` : '.') +
        ' The print_files.failed event carries the same reason.',
      { logEntryId },
    );
  }
}
