import { DomainError, ErrorKind, FieldError } from '../common/errors/domain-error';

export class SkuNotFound extends DomainError {
  constructor(sku: string, clientHandle: string) {
    super(
      'SKU_NOT_FOUND',
      ErrorKind.NotFound,
      `SKU ${JSON.stringify(sku.slice(0, 100))} is not in the catalog of client ${clientHandle}.`,
    );
  }
}

export class InvalidSkuChange extends DomainError {
  constructor(fields: FieldError[]) {
    super(
      'VALIDATION_FAILED',
      ErrorKind.BadRequest,
      `Invalid request: ${fields.map((f) => f.message).join('; ')}.`,
      { fields },
    );
  }
}
