import { DomainError, ErrorKind } from '../errors/domain-error';

/** Bytes that are not an image of an accepted type, or that do not decode (truncated, corrupt). */
export class ImageRejected extends DomainError {
  constructor(message: string) {
    super('IMAGE_REJECTED', ErrorKind.BadRequest, message);
  }
}

/** A transformation that cannot apply to this image (a crop outside it, an output over the limit). */
export class TransformRejected extends DomainError {
  constructor(message: string) {
    super('IMAGE_TRANSFORM_REJECTED', ErrorKind.BadRequest, message);
  }
}
