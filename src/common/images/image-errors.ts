import { DomainError, ErrorKind } from '../errors/domain-error';

/** Bytes that are not an image of an accepted type, or that do not decode (truncated, corrupt). */
export class ImageRejected extends DomainError {
  constructor(message: string) {
    super('IMAGE_REJECTED', ErrorKind.BadRequest, message);
  }
}
