import { DomainError, ErrorKind, ValidationFailed } from '../common/errors/domain-error';

const list = (items: readonly string[]): string => (items.length > 0 ? items.join(', ') : 'none');

/** A view angle the product does not have (404: it names a resource, like a path segment). */
export class UnknownViewAngle extends DomainError {
  constructor(product: string, handle: string, known: readonly string[]) {
    super(
      'UNKNOWN_VIEW_ANGLE',
      ErrorKind.NotFound,
      `Product ${product} has no view angle ${handle} (its view angles: ${list(known)}).`,
    );
  }
}

/** A render-state preset (`renderStateHandle`) the product does not have. */
export class UnknownRenderPreset extends DomainError {
  constructor(product: string, handle: string, known: readonly string[]) {
    super(
      'UNKNOWN_RENDER_STATE_HANDLE',
      ErrorKind.BadRequest,
      `Product ${product} has no render state preset ${handle} (its presets: ${list(known)}).`,
    );
  }
}

/** A render-state name the product does not have. */
export class UnknownRenderState extends DomainError {
  constructor(product: string, name: string, known: readonly string[]) {
    super(
      'UNKNOWN_RENDER_STATE',
      ErrorKind.BadRequest,
      `Product ${product} has no render state ${name} (its render states: ${list(known)}).`,
    );
  }
}

/** A value a render state does not allow. */
export class InvalidRenderStateValue extends DomainError {
  constructor(state: string, value: string, allowed: readonly string[]) {
    super(
      'INVALID_RENDER_STATE_VALUE',
      ErrorKind.BadRequest,
      `Render state ${state} has no value ${value} (allowed: ${list(allowed)}).`,
    );
  }
}

/** A camera the view angle does not have. */
export class UnknownCamera extends DomainError {
  constructor(view: string, handle: string, known: readonly string[]) {
    super(
      'UNKNOWN_CAMERA',
      ErrorKind.BadRequest,
      `View angle ${view} has no camera ${handle} (its cameras: ${list(known)}).`,
    );
  }
}

/**
 * A fill layer's option whose chosen value the product no longer offers (the product changed
 * after the recipe set was made): the colour to draw is unknown, and guessing would be wrong.
 */
export class MissingOptionColour extends DomainError {
  constructor(product: string, option: string, value: string | undefined) {
    super(
      'MISSING_OPTION_COLOUR',
      ErrorKind.Conflict,
      value === undefined
        ? `The recipe set has no value for option ${option}, which product ${product} colours its view with.`
        : `Option ${option} of product ${product} has no colour for the recipe set's value ${value}.`,
    );
  }
}

/** An output size beyond the renderer's limit (or not a whole number of at least 1). */
export class InvalidRenderSize extends DomainError {
  constructor(message: string) {
    super('INVALID_RENDER_SIZE', ErrorKind.BadRequest, message);
  }
}

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

/** `POST /api/assets/generated/sign`: a URL that is not a render URL this server can sign. */
export class UnsignableUrl extends ValidationFailed {
  constructor(problem: string) {
    super(`Invalid url: ${problem}`, [{ field: 'url', message: problem }]);
  }
}

/** A render (or transformation) that took longer than RENDER_TIMEOUT_MS: 503, retry shortly. */
export class RenderTimedOut extends DomainError {
  constructor(ms: number) {
    super(
      'RENDER_TIMED_OUT',
      ErrorKind.Unavailable,
      `The render took longer than ${ms} ms; it is finished in the background: retry shortly.`,
    );
  }
}
