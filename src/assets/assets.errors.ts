import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class UploadedAssetNotFound extends DomainError {
  constructor(id: number | string) {
    super('UPLOADED_ASSET_NOT_FOUND', ErrorKind.NotFound, `Uploaded asset ${id} was not found.`);
  }
}

/** An uploaded-asset id in a path that is not an integer of 32 bits. */
export class InvalidUploadedAssetId extends DomainError {
  constructor(id: string) {
    super(
      'INVALID_UPLOADED_ASSET_ID',
      ErrorKind.BadRequest,
      `Uploaded asset id ${JSON.stringify(id.slice(0, 100))} is not an integer between -2147483648 and 2147483647.`,
    );
  }
}
