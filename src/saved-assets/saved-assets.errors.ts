import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class SavedAssetNotFound extends DomainError {
  constructor(id: number | string) {
    super('SAVED_ASSET_NOT_FOUND', ErrorKind.NotFound, `Saved asset ${id} was not found.`);
  }
}

export class ProductionJobNotFound extends DomainError {
  constructor(id: number | string) {
    super('PRODUCTION_JOB_NOT_FOUND', ErrorKind.NotFound, `Production job ${id} was not found.`);
  }
}

/** A cap on jobs per asset: each listing carries every job of every listed asset. */
export class TooManyProductionJobs extends DomainError {
  constructor(id: number, max: number) {
    super(
      'TOO_MANY_PRODUCTION_JOBS',
      ErrorKind.Conflict,
      `Saved asset ${id} has ${max} production jobs already, the most an asset may have.`,
    );
  }
}

export class UnknownAssetFormat extends DomainError {
  constructor(field: string, value: string, known: readonly string[]) {
    super(
      'UNKNOWN_ASSET_FORMAT',
      ErrorKind.BadRequest,
      `Invalid request: ${field} ${JSON.stringify(value.slice(0, 100))} is not a known asset format (one of ${known.join(', ')}, by extension or MIME type).`,
      { fields: [{ field, message: `${field} is not a known asset format` }] },
    );
  }
}

/** An unpaged list longer than SAVED_ASSET_LIST_MAX: the caller pages it instead. */
export class SavedAssetListTooLong extends DomainError {
  constructor(total: number, max: number, maxPageSize: number) {
    super(
      'SAVED_ASSET_LIST_TOO_LONG',
      ErrorKind.BadRequest,
      `The list has ${total} items, more than the ${max} a list without pageSize may hold (SAVED_ASSET_LIST_MAX): page it with pageSize (at most ${maxPageSize}) and page.`,
    );
  }
}

/**
 * A list answer would be longer than LIST_MAX_RESPONSE_BYTES: refused before any of it is sent
 * (`fit`: how many of its first items fit). A page says which pageSize fits; a list without
 * pageSize says to page it.
 */
export class SavedAssetListTooLarge extends DomainError {
  constructor(max: number, fit: number, pageSize: number | undefined, maxPageSize: number) {
    const advice =
      pageSize === undefined
        ? `page it with pageSize (at most ${Math.max(1, Math.min(fit, maxPageSize))}) and page`
        : `ask for pageSize ${Math.max(1, fit)} or less`;
    super(
      'SAVED_ASSET_LIST_TOO_LARGE',
      ErrorKind.BadRequest,
      `The answer would be more than ${max} bytes, the limit of a list (LIST_MAX_RESPONSE_BYTES); its first ${fit} items fit: ${advice}.`,
    );
  }
}

/** A write would make a saved asset, as listed, larger than SAVED_ASSET_MAX_BYTES. */
export class SavedAssetTooLarge extends DomainError {
  constructor(id: number, bytes: number, max: number) {
    super(
      'SAVED_ASSET_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `Saved asset ${id} would be ${bytes} bytes as listed (with its production jobs, results, outputs and upload), more than the ${max} an asset may be (SAVED_ASSET_MAX_BYTES).`,
    );
  }
}
