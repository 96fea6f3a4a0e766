import { RecipeSetRecord, RecipeStatus } from '../recipe-sets';
import { refusedResults, warningEvents } from './acknowledgement-results';
import { LineItemInputDto } from './dto/acknowledgement.dto';
import type { OrderLine } from './order-input';
import { WorkflowStatus } from './order.enums';

const record = (ref: string): RecipeSetRecord => ({
  id: `id-${ref}`,
  readableId: ref,
  clientId: 'c',
  status: RecipeStatus.Created,
  productId: 'p',
  options: {},
});
const resolved = new Map(['AAAA2222', 'BBBB2222', 'CCCC2222'].map((r) => [r, record(r)]));
const line = (ref: string): OrderLine => ({
  ref,
  input: new LineItemInputDto(),
  skuQuantities: [],
  sku: null,
  quantity: 1,
  workflowStatus: WorkflowStatus.NotStarted,
});
const problem = (sku: string) => ({ sku, message: `SKU ${sku} is not a SKU of product tee.` });

describe('refusedResults', () => {
  it('names the refused recipe set once per message; the rest of its order and of the batch say why not stored', () => {
    const results = refusedResults(
      [
        {
          purchaseOrderNumber: 'PO-1',
          lines: [line('AAAA2222'), line('BBBB2222'), line('AAAA2222')],
          problems: [[problem('X')], [], [problem('X'), problem('Y')]],
        },
        { purchaseOrderNumber: 'PO-2', lines: [line('CCCC2222')], problems: [[]] },
      ],
      resolved,
    );
    expect(results).toEqual([
      {
        purchaseOrderNumber: 'PO-1',
        statuses: [
          {
            recipeSetId: 'AAAA2222',
            success: false,
            message:
              'SKU X is not a SKU of product tee. SKU Y is not a SKU of product tee. Nothing was stored.',
          },
          {
            recipeSetId: 'BBBB2222',
            success: false,
            message:
              'Not stored: another recipe set of this order was refused, and an order is stored whole or not at all.',
          },
        ],
        allSuccessful: false,
      },
      {
        purchaseOrderNumber: 'PO-2',
        statuses: [
          {
            recipeSetId: 'CCCC2222',
            success: false,
            message:
              'Not stored: purchase order PO-1 of this batch was refused, and a batch is stored whole or not at all.',
          },
        ],
        allSuccessful: false,
      },
    ]);
  });
});

describe('warningEvents', () => {
  it('is one order.warning listing the warnings of each line, none without', () => {
    const order = {
      purchaseOrderNumber: 'PO-1',
      lines: [line('AAAA2222'), line('BBBB2222')],
      problems: [[], [problem('X')]],
    };
    expect(warningEvents('c', order, resolved)).toEqual([
      {
        clientId: 'c',
        type: 'order.warning',
        purchaseOrderNumber: 'PO-1',
        data: {
          warnings: [
            {
              recipeSetReadableId: 'BBBB2222',
              lineItemPosition: 1,
              sku: 'X',
              message: 'SKU X is not a SKU of product tee.',
            },
          ],
          warningCount: 1,
        },
      },
    ]);
    expect(warningEvents('c', { ...order, problems: [[], []] }, resolved)).toEqual([]);
  });
});
