import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A generator name in the path that is not one of the service's. */
export class UnknownGenerator extends DomainError {
  constructor(name: string, known: readonly string[]) {
    super(
      'UNKNOWN_GENERATOR',
      ErrorKind.NotFound,
      `Image generator ${JSON.stringify(name.slice(0, 100))} does not exist; the generators are ${known.join(', ')}.`,
    );
  }
}
