import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { BUNDLED_FONTS } from './font-registry';

/** A font handle that is not one of the bundled fonts. */
export class UnknownFont extends DomainError {
  constructor(handle: string) {
    super(
      'UNKNOWN_FONT',
      ErrorKind.BadRequest,
      `Font ${JSON.stringify(handle)} is not one of the bundled fonts (${BUNDLED_FONTS.map((f) => f.handle).join(', ')}).`,
    );
  }
}

/** A size or scale that is not a positive finite number within the limits. */
export class InvalidTextMetrics extends DomainError {
  constructor(what: string, value: number, max: number) {
    super(
      'INVALID_TEXT_METRICS',
      ErrorKind.BadRequest,
      `The text ${what} must be a number greater than 0 and at most ${max}; got ${value}.`,
    );
  }
}
