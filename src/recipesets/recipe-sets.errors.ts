import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class RecipeSetNotFound extends DomainError {
  constructor(ref: string, options: { logEntry?: boolean } = {}) {
    super('RECIPE_SET_NOT_FOUND', ErrorKind.NotFound, `Recipe set ${ref} was not found.`, options);
  }
}
