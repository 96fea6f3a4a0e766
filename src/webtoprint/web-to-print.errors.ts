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

/**
 * Print files that failed for good: 500 linking the one log entry of the failure. Why they failed
 * stays in the server log (the worker logged it), as for any unexpected error.
 */
export class PrintFilesFailed extends DomainError {
  constructor(recipeSet: string, version: number, logEntryId: string) {
    super(
      'PRINT_FILES_FAILED',
      ErrorKind.Failed,
      `The print files of recipe set ${recipeSet} (design version ${version}) could not be made.`,
      { logEntryId },
    );
  }
}
