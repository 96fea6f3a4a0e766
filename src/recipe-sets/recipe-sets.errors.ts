import { DomainError, ErrorKind, ValidationFailed } from '../common/errors/domain-error';
import { shownValue } from '../common/validation/shown-value';

export class RecipeSetNotFound extends DomainError {
  constructor(ref: string, options: { logEntry?: boolean } = {}) {
    super('RECIPE_SET_NOT_FOUND', ErrorKind.NotFound, `Recipe set ${ref} was not found.`, options);
  }
}

/** Only a sandbox client chooses the readable id of a new recipe set (docs/api/sandbox.md). */
export class ReadableIdChoiceSandboxOnly extends DomainError {
  constructor(readableId: string) {
    super(
      'READABLE_ID_SANDBOX_ONLY',
      ErrorKind.Forbidden,
      `readableId ${shownValue(readableId)} cannot be chosen: only sandbox clients (tokens pci_test_…) choose the readable id of a new recipe set.`,
    );
  }
}

/** A chosen readable id that a recipe set already has (of any client: they are unique). */
export class ReadableIdTaken extends DomainError {
  constructor(readableId: string) {
    super(
      'READABLE_ID_TAKEN',
      ErrorKind.Conflict,
      `readableId ${readableId} is taken: choose another (e.g. FAIL and 4 random letters).`,
    );
  }
}

/** A new recipe set names a product its client's catalog does not have: the request is wrong (400). */
export class UnknownProduct extends ValidationFailed {
  constructor(handle: string) {
    const problem = `${shownValue(handle)} is not a product of this client's catalog`;
    super(
      `Invalid request: productHandle ${problem} (GET /api/catalog/{clientHandle}/products lists them).`,
      [{ field: 'productHandle', message: problem }],
    );
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

/** A design changes only while its recipe set is Created (docs/design.md §9). */
export class DesignLocked extends DomainError {
  constructor(ref: string, status: string) {
    super(
      'DESIGN_LOCKED',
      ErrorKind.Conflict,
      `Recipe set ${ref} is ${status}: its design can change only while it is Created.`,
    );
  }
}

/** The caller based a change on a version the recipe set has moved on from. */
export class DesignVersionConflict extends DomainError {
  constructor(ref: string, current: number, given: number) {
    super(
      'DESIGN_VERSION_CONFLICT',
      ErrorKind.Conflict,
      `Recipe set ${ref} is at version ${current}, not ${given}: read it again and reapply the change.`,
    );
  }
}

/** A design names an image that is not one of the client's uploads. */
export class DesignImageNotFound extends DomainError {
  constructor(id: number) {
    super('UPLOADED_ASSET_NOT_FOUND', ErrorKind.NotFound, `Uploaded asset ${id} was not found.`);
  }
}
