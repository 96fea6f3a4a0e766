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
