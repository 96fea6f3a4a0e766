import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class RecipeSetNotFound extends DomainError {
  constructor(ref: string, options: { logEntry?: boolean } = {}) {
    super('RECIPE_SET_NOT_FOUND', ErrorKind.NotFound, `Recipe set ${ref} was not found.`, options);
  }
}

/** A request named more distinct recipe sets than MAX_RECIPE_SETS_PER_REQUEST. */
export class TooManyRecipeSets extends DomainError {
  constructor(count: number, max: number) {
    super(
      'TOO_MANY_RECIPE_SETS',
      ErrorKind.PayloadTooLarge,
      `A request may name at most ${max} distinct recipe sets; this one names ${count}.`,
    );
  }
}
