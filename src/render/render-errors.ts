import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** Longest part of a caller's value quoted back in a 400 text. */
const MAX_QUOTED = 100;

/** Quotes a caller's value for an error text, shortened when it is long. */
export function quote(value: string): string {
  const shown = value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value;
  return `'${shown}'`;
}

/**
 * A render request parameter (query or path segment) that cannot be understood. The text names the
 * parameter and the value: `Invalid value for <parameter>: '<value>'. <rule>`.
 */
export class RenderParameterInvalid extends DomainError {
  constructor(parameter: string, value: string, rule: string) {
    super(
      'RENDER_PARAMETER_INVALID',
      ErrorKind.BadRequest,
      `Invalid value for ${parameter}: ${quote(value)}. ${rule}`,
    );
  }
}

/** A render URL whose path after the recipe set id does not follow one of the accepted forms. */
export class RenderPathInvalid extends DomainError {
  constructor(message: string) {
    super('RENDER_PATH_INVALID', ErrorKind.BadRequest, message);
  }
}
