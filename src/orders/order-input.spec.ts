import { ValidationFailed } from '../common/errors/domain-error';
import {
  LineItemInputDto,
  OrderAcknowledgementDto,
  RecipeSetSkuQuantityDto,
} from './dto/acknowledgement.dto';
import { assertAddresses, orderLines } from './order-input';
import { WorkflowStatus } from './order.enums';

const order = (patch: Partial<OrderAcknowledgementDto>): OrderAcknowledgementDto =>
  Object.assign(new OrderAcknowledgementDto(), {
    purchaseOrderNumber: 'PO-1',
    orderDate: new Date(0),
    ...patch,
  });
const line = (patch: Partial<LineItemInputDto>): LineItemInputDto =>
  Object.assign(new LineItemInputDto(), patch);
const linesOf = (o: OrderAcknowledgementDto) => orderLines(o, { maxQuantity: 10_000 });

describe('orderLines', () => {
  it('refuses a quantity over the bound, naming the field, the value and the bound', () => {
    const over = (patch: Partial<LineItemInputDto>, rs = false) =>
      linesOf(
        order(
          rs
            ? { lineItems: [line({ recipeSetId: 'ABCD2345' })], recipeSets: [patch] }
            : { lineItems: [line({ recipeSetId: 'ABCD2345', ...patch })] },
        ),
      );
    expect(() => over({ skuQuantities: [{ sku: 'A', quantity: 10_000 }] })).not.toThrow();
    expect(() =>
      over({
        skuQuantities: [
          { sku: 'A', quantity: 1 },
          { sku: 'B', quantity: 10_001 },
        ],
      }),
    ).toThrow(
      'Invalid request: lineItems[0].skuQuantities[1].quantity is 10001; a quantity may be at most 10000 (MAX_LINE_ITEM_QUANTITY).',
    );
    expect(() => over({ sku: 'A', quantity: 20_000 })).toThrow(/lineItems\[0\]\.quantity is 20000/);
    expect(() =>
      over({ recipeSetId: 'WXYZ2345', skuQuantities: [{ sku: 'A', quantity: 10_001 }] }, true),
    ).toThrow(/recipeSets\[0\]\.skuQuantities\[0\]\.quantity is 10001/);
  });

  it('takes line items with skuQuantities, summing the quantity', () => {
    const [l] = linesOf(
      order({
        lineItems: [
          line({
            recipeSetId: 'ABCD2345',
            skuQuantities: [
              { sku: 'A', quantity: 2 },
              { sku: 'B', quantity: 3 },
            ],
          }),
        ],
      }),
    );
    expect(l).toMatchObject({
      ref: 'ABCD2345',
      skuQuantities: [
        { sku: 'A', quantity: 2 },
        { sku: 'B', quantity: 3 },
      ],
      sku: 'A',
      quantity: 5,
      workflowStatus: WorkflowStatus.NotStarted,
    });
  });

  it('accepts the older shape with sku and quantity on the line item', () => {
    const [l] = linesOf(
      order({ lineItems: [line({ recipeSetUuid: 'u-1', sku: 'S', quantity: 4 })] }),
    );
    expect(l).toMatchObject({
      ref: 'u-1',
      skuQuantities: [{ sku: 'S', quantity: 4 }],
      sku: 'S',
      quantity: 4,
    });
  });

  it('accepts the legacy recipeSets array after lineItems', () => {
    const rs = Object.assign(new RecipeSetSkuQuantityDto(), {
      recipeSetId: 'WXYZ2345',
      skuQuantities: [{ sku: 'Q', quantity: 1 }],
    });
    const lines = linesOf(
      order({ lineItems: [line({ recipeSetId: 'ABCD2345' })], recipeSets: [rs] }),
    );
    expect(lines.map((l) => l.ref)).toEqual(['ABCD2345', 'WXYZ2345']);
    expect(lines[0]).toMatchObject({ skuQuantities: [], quantity: 0 });
  });

  it('keeps an initial workflow status given in the acknowledgement', () => {
    const [l] = linesOf(
      order({
        lineItems: [line({ recipeSetId: 'ABCD2345', workflowStatus: WorkflowStatus.InProgress })],
      }),
    );
    expect(l.workflowStatus).toBe(WorkflowStatus.InProgress);
  });

  it('refuses an order without lines, and a line without a recipe set, naming it', () => {
    expect(() => linesOf(order({}))).toThrow(ValidationFailed);
    expect(() => linesOf(order({ lineItems: [] }))).toThrow(
      'lineItems must list at least one line item',
    );
    expect(() =>
      linesOf(order({ lineItems: [line({ recipeSetId: 'ABCD2345' }), line({ sku: 'x' })] })),
    ).toThrow('lineItems[1] must name a recipe set (recipeSetId or recipeSetUuid)');
  });
});

describe('assertAddresses', () => {
  const full = {
    firstName: 'J',
    lastName: 'D',
    address1: '1 Main',
    city: 'X',
    state: 'IL',
    postalCode: '1',
    country: 'US',
  };

  it('passes with both complete addresses', () => {
    expect(() =>
      assertAddresses(order({ customerAddress: full, shippingAddress: full })),
    ).not.toThrow();
  });

  it('names every missing address and field at once', () => {
    try {
      assertAddresses(order({ customerAddress: { ...full, city: ' ', country: null } }));
      throw new Error('expected a ValidationFailed');
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationFailed);
      expect((err as ValidationFailed).fields?.map((f) => f.field)).toEqual([
        'customerAddress.city',
        'customerAddress.country',
        'shippingAddress',
      ]);
      expect((err as Error).message).toBe(
        'Invalid request: POST /api/order requires customerAddress.city, customerAddress.country, shippingAddress.',
      );
    }
  });
});
