import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { int32IdMessage } from '../common/validation/int32';

export class UploadedAssetNotFound extends DomainError {
  constructor(id: number | string) {
    super('UPLOADED_ASSET_NOT_FOUND', ErrorKind.NotFound, `Uploaded asset ${id} was not found.`);
  }
}

/** An uploaded-asset id in a path that is not an integer of 32 bits (its own code, not INVALID_ID). */
export class InvalidUploadedAssetId extends DomainError {
  constructor(id: string) {
    super('INVALID_UPLOADED_ASSET_ID', ErrorKind.BadRequest, int32IdMessage('Uploaded asset', id));
  }
}
