import { DomainError, ErrorKind, ValidationFailed } from '../common/errors/domain-error';
import { AcknowledgementResultDto } from './dto/acknowledgement.dto';
import { UpdateResultDto } from './dto/update.dto';

export class PurchaseOrderAlreadySubmitted extends DomainError {
  constructor(purchaseOrderNumber: string) {
    super(
      'PURCHASE_ORDER_ALREADY_SUBMITTED',
      ErrorKind.Conflict,
      `Purchase order ${purchaseOrderNumber} was already submitted.`,
      { logEntry: true },
    );
  }
}

export class PurchaseOrderNotFound extends DomainError {
  constructor(purchaseOrderNumber: string) {
    super(
      'PURCHASE_ORDER_NOT_FOUND',
      ErrorKind.NotFound,
      `Purchase order ${purchaseOrderNumber} was not found.`,
    );
  }
}

/**
 * An update named an order or line item that does not exist; nothing was updated. The spec
 * answers this with an UpdateResult body (not the usual error text), so the error carries it.
 */
export class UpdateRejected extends DomainError {
  readonly result: UpdateResultDto;

  constructor(purchaseOrderNumber: string, details: string) {
    super('UPDATE_TARGET_NOT_FOUND', ErrorKind.NotFound, details);
    this.result = { purchaseOrderNumber, status: 'Error', details };
  }
}

/**
 * The `strict` SKU policy refused recipe sets of the request (docs/design.md §6); nothing was
 * stored. Answered 422 with the acknowledgement results it carries (SkuRejectedFilter): one per
 * order, `success: false` for every recipe set, the refused ones' messages naming SKU and reason.
 */
export class SkuRejected extends DomainError {
  constructor(
    readonly results: AcknowledgementResultDto[],
    readonly batch: boolean,
  ) {
    const first = results.flatMap((r) =>
      (r.statuses ?? []).map((s) => `Purchase order ${r.purchaseOrderNumber}: ${s.message}`),
    )[0];
    super('SKU_REJECTED', ErrorKind.Unprocessable, first ?? 'SKUs were refused.');
  }
}

/** A ship notification would take a line item's list past its cap; nothing was updated. */
export class LineItemListFull extends ValidationFailed {
  constructor(o: {
    field: string;
    what: string;
    purchaseOrderNumber: string;
    recipeSetReadableId: string;
    count: number;
    max: number;
  }) {
    super(
      `Invalid request: ${o.field} would give line item ${o.recipeSetReadableId} of purchase order ${o.purchaseOrderNumber} ${o.count} ${o.what}; a line item carries at most ${o.max}. Nothing was updated.`,
      [{ field: o.field, message: `a line item carries at most ${o.max} ${o.what}` }],
    );
  }
}

export class BatchTooLarge extends DomainError {
  constructor(count: number, max: number) {
    super(
      'BATCH_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `A batch may hold at most ${max} orders; this one has ${count}.`,
    );
  }
}

export class DateRangeTooLong extends ValidationFailed {
  constructor(days: number, max: number) {
    super(
      `The date range may not exceed ${max} days (it spans ${days} days); narrow it or set ignoreDateRestriction.`,
      [{ field: 'lastModificationStartDate', message: `range longer than ${max} days` }],
    );
  }
}

/** The same failure, its message prefixed with the order it concerns (batches name the order). */
export function inOrder(err: DomainError, purchaseOrderNumber: string): DomainError {
  if (err.message.includes(`Purchase order ${purchaseOrderNumber} `)) return err;
  return new DomainError(
    err.code,
    err.kind,
    `Purchase order ${purchaseOrderNumber}: ${err.message}`,
    {
      logEntry: err.logEntry,
      fields: err.fields,
    },
  );
}

export class TooManyLineItems extends DomainError {
  constructor(count: number, max: number) {
    super(
      'TOO_MANY_LINE_ITEMS',
      ErrorKind.PayloadTooLarge,
      `This request carries ${count} line items; at most ${max} are accepted in one request (MAX_REQUEST_LINE_ITEMS). Send the orders in smaller batches.`,
    );
  }
}

/** A range of the orders list whose start is after its end (orderedFrom/orderedTo, …). */
export class RangeReversed extends ValidationFailed {
  constructor(from: { name: string; value: Date }, to: { name: string; value: Date }) {
    super(
      `Invalid request: ${from.name} ${from.value.toISOString()} is after ${to.name} ${to.value.toISOString()}.`,
      [{ field: from.name, message: `${from.name} is after ${to.name}` }],
    );
  }
}

/** A `cursor` the orders list did not make (or no longer reads): not base64url of its JSON. */
export class InvalidCursor extends ValidationFailed {
  constructor(shown: string) {
    super(
      `Invalid request: cursor ${shown} is not a cursor of this list; pass the nextCursor of the previous page unchanged.`,
      [{ field: 'cursor', message: 'is not a cursor of this list' }],
    );
  }
}

/** A `cursor` of the orders list made under another sort or other filters. */
export class CursorMismatch extends ValidationFailed {
  constructor(why: string) {
    super(
      `Invalid request: cursor does not match this request: ${why}; send the sort and filters of the page it came from, or start again without cursor.`,
      [{ field: 'cursor', message: 'does not match the sort and filters of this request' }],
    );
  }
}
