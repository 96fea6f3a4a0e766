import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class ProductNotFound extends DomainError {
  constructor(handle: string) {
    super('PRODUCT_NOT_FOUND', ErrorKind.NotFound, `Product ${handle} was not found.`);
  }
}

export class ProductHandleTaken extends DomainError {
  constructor(handle: string) {
    super('PRODUCT_HANDLE_TAKEN', ErrorKind.Conflict, `Product ${handle} exists already.`);
  }
}

/** Recipe sets refer to the product: their renders and print files need it. */
export class ProductInUse extends DomainError {
  constructor(handle: string) {
    super(
      'PRODUCT_IN_USE',
      ErrorKind.Conflict,
      `Product ${handle} cannot be deleted: recipe sets are designed on it.`,
    );
  }
}

export class CatalogFull extends DomainError {
  constructor(max: number) {
    super('CATALOG_FULL', ErrorKind.Conflict, `A client may have at most ${max} products.`);
  }
}

/** The product's own handle in the body differs from the one in the path of a replacement. */
export class ProductHandleMismatch extends DomainError {
  constructor(path: string, body: string) {
    super(
      'PRODUCT_HANDLE_MISMATCH',
      ErrorKind.BadRequest,
      `The body names product ${body}, the path ${path}; a product's handle cannot change.`,
    );
  }
}
