import { ValidationFailed } from '../common/errors/domain-error';
import { ADDRESS_REQUIRED, AddressDto } from './dto/address.dto';
import {
  LineItemInputDto,
  OrderAcknowledgementDto,
  SkuQuantityDto,
} from './dto/acknowledgement.dto';
import { StoredSkuQuantity } from './entities/order-line-item.entity';
import { WorkflowStatus } from './order.enums';

/** A line item reduced to what is stored: one recipe-set reference and its quantities. */
export interface OrderLine {
  ref: string;
  input: LineItemInputDto;
  skuQuantities: StoredSkuQuantity[];
  sku: string | null;
  quantity: number;
  workflowStatus: WorkflowStatus;
}

function skuQuantities(list: SkuQuantityDto[] | null | undefined): StoredSkuQuantity[] {
  return (list ?? []).map((sq) => ({ sku: sq.sku ?? null, quantity: sq.quantity }));
}

/**
 * 400 naming the first quantity of the line item over `maxQuantity` (MAX_LINE_ITEM_QUANTITY):
 * its own and each of its SKU quantities.
 */
function assertQuantities(item: LineItemInputDto, path: string, maxQuantity: number): void {
  const quantities = [
    { field: `${path}.quantity`, value: item.quantity },
    ...(item.skuQuantities ?? []).map((sq, j) => ({
      field: `${path}.skuQuantities[${j}].quantity`,
      value: sq.quantity,
    })),
  ];
  const over = quantities.find((q) => q.value != null && q.value > maxQuantity);
  if (over)
    throw new ValidationFailed(
      `Invalid request: ${over.field} is ${over.value}; a quantity may be at most ${maxQuantity} (MAX_LINE_ITEM_QUANTITY).`,
      [{ field: over.field, message: `at most ${maxQuantity}, not ${over.value}` }],
    );
}

/**
 * The order's lines, whichever shape it came in (docs/design.md §6): `lineItems` naming a recipe
 * set by `recipeSetId` (readable or UUID) or `recipeSetUuid`, older line items carrying
 * `sku`/`quantity` directly, or the legacy `recipeSets` array. A quantity over `maxQuantity` is
 * 400 naming it.
 */
export function orderLines(
  order: OrderAcknowledgementDto,
  { maxQuantity }: { maxQuantity: number },
): OrderLine[] {
  const given = order.lineItems?.length ?? 0;
  const pathOf = (i: number) => (i < given ? `lineItems[${i}]` : `recipeSets[${i - given}]`);
  const items: LineItemInputDto[] = [
    ...(order.lineItems ?? []),
    ...(order.recipeSets ?? []).map((rs) => Object.assign(new LineItemInputDto(), rs)),
  ];
  if (items.length === 0) {
    throw new ValidationFailed(
      'Invalid request: lineItems must list at least one line item (or use recipeSets).',
      [{ field: 'lineItems', message: 'at least one line item is required' }],
    );
  }
  return items.map((item, i) => {
    const ref = (item.recipeSetId || item.recipeSetUuid || '').trim();
    if (!ref) {
      throw new ValidationFailed(
        `Invalid request: lineItems[${i}] must name a recipe set (recipeSetId or recipeSetUuid).`,
        [
          {
            field: `lineItems[${i}].recipeSetId`,
            message: 'recipeSetId or recipeSetUuid is required',
          },
        ],
      );
    }
    assertQuantities(item, pathOf(i), maxQuantity);
    let quantities = skuQuantities(item.skuQuantities);
    if (quantities.length === 0 && (item.sku || item.quantity != null)) {
      quantities = [{ sku: item.sku ?? null, quantity: item.quantity ?? 1 }];
    }
    return {
      ref,
      input: item,
      skuQuantities: quantities,
      sku: item.sku ?? quantities[0]?.sku ?? null,
      quantity: item.quantity ?? quantities.reduce((sum, q) => sum + q.quantity, 0),
      workflowStatus: item.workflowStatus ?? WorkflowStatus.NotStarted,
    };
  });
}

/** POST /api/order: both addresses with the required fields, else 400 naming every missing one. */
export function assertAddresses(order: OrderAcknowledgementDto): void {
  const missing: string[] = [];
  for (const name of ['customerAddress', 'shippingAddress'] as const) {
    const address: AddressDto | null | undefined = order[name];
    if (!address) {
      missing.push(name);
      continue;
    }
    for (const field of ADDRESS_REQUIRED) {
      if (!address[field]?.trim()) missing.push(`${name}.${field}`);
    }
  }
  if (missing.length > 0) {
    throw new ValidationFailed(
      `Invalid request: POST /api/order requires ${missing.join(', ')}.`,
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
}
