import { SetMetadata } from '@nestjs/common';
import { DomainError, ErrorKind } from '../errors/domain-error';
import { parseSize } from './sizes';

/** Metadata key of a route's JSON body limit (read by JsonBodyInterceptor). */
export const BODY_LIMIT = 'pci:body-limit';

/**
 * The largest JSON body a route takes, e.g. `@BodyLimit('4kb')` on a route whose body is a few
 * short fields: a bigger body is a 413 naming this limit, refused while it is read (before it is
 * parsed). Routes without one take up to JSON_BODY_LIMIT, which also caps this one.
 */
export const BodyLimit = (limit: string): MethodDecorator & ClassDecorator => {
  parseSize(limit); // a typo fails at start-up, not on the first request
  return SetMetadata(BODY_LIMIT, limit);
};

/** The body is larger than the route's limit (or JSON_BODY_LIMIT). */
export class BodyTooLarge extends DomainError {
  constructor(limit: string, ofRoute: boolean) {
    super(
      'BODY_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `The request body is larger than the limit of ${limit}${ofRoute ? ' for this route' : ''}.`,
    );
  }
}
