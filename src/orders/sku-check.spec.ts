import type { OrderableProduct, RecipeSetRecord } from '../recipe-sets';
import { RecipeStatus } from '../recipe-sets';
import { LineItemInputDto } from './dto/acknowledgement.dto';
import type { OrderLine } from './order-input';
import { WorkflowStatus } from './order.enums';
import { lineSkuProblems, orderSkuProblems } from './sku-check';

const TEE: OrderableProduct = {
  id: 'p-tee',
  handle: 'demo-tee',
  options: [
    { handle: 'colour', values: [{ value: 'white' }, { value: 'black' }] },
    { handle: 'size', values: [{ value: 'S' }, { value: 'M' }] },
  ],
  skus: [
    { sku: 'TEE-WHT-S', options: { colour: 'white', size: 'S' }, unitPrice: 10 },
    { sku: 'TEE-WHT-M', options: { colour: 'white', size: 'M' }, unitPrice: 10 },
    { sku: 'TEE-BLK-M', options: { colour: 'black', size: 'M' }, unitPrice: 10 },
    // Stored before the catalog's rules: a size the product does not offer.
    { sku: 'TEE-WHT-XXL', options: { colour: 'white', size: 'XXL' }, unitPrice: 12 },
  ],
  shownOptions: ['colour'],
};
const WHITE_S = { readableId: 'DEMTEE2A', options: { colour: 'white', size: 'S' } };

const line = (patch: Partial<LineItemInputDto>, skus: (string | null)[] = []) => ({
  input: Object.assign(new LineItemInputDto(), patch),
  skuQuantities: skus.map((sku) => ({ sku, quantity: 1 })),
});
const messages = (l: ReturnType<typeof line>, product = TEE) =>
  lineSkuProblems(l, WHITE_S, product).map((p) => p.message);

describe('lineSkuProblems', () => {
  it('accepts SKUs of the product in the design colour, in any of its sizes and any case', () => {
    expect(messages(line({}, ['TEE-WHT-S', 'tee-wht-m']))).toEqual([]);
    expect(messages(line({ sku: 'TEE-WHT-M', size: 'm' }))).toEqual([]);
  });

  it('names a SKU the product does not list', () => {
    expect(lineSkuProblems(line({}, ['TEE-WHT-S', 'NO-SUCH-SKU']), WHITE_S, TEE)).toEqual([
      { sku: 'NO-SUCH-SKU', message: 'SKU NO-SUCH-SKU is not a SKU of product demo-tee.' },
    ]);
  });

  it('names a SKU of another colour than the design, with both colours', () => {
    expect(messages(line({}, ['TEE-BLK-M']))).toEqual([
      'SKU TEE-BLK-M is colour black, but recipe set DEMTEE2A is designed in colour white.',
    ]);
  });

  it('names a size the product does not have: a SKU of one, or the line item size', () => {
    expect(messages(line({}, ['TEE-WHT-XXL']))).toEqual([
      'SKU TEE-WHT-XXL is size XXL, which product demo-tee does not have.',
    ]);
    expect(messages(line({ size: 'XL' }, ['TEE-WHT-M']))).toEqual([
      "SKU TEE-WHT-M is size M, but the line item's size is XL.",
      'Size XL is not a size of product demo-tee (its sizes: S, M).',
    ]);
  });

  it('checks an option the design does not show only against the product (the size may differ)', () => {
    expect(messages(line({}, ['TEE-WHT-M']))).toEqual([]);
    const allShown = { ...TEE, shownOptions: ['colour', 'size'] };
    expect(messages(line({}, ['TEE-WHT-M']), allShown)).toEqual([
      'SKU TEE-WHT-M is size M, but recipe set DEMTEE2A is designed in size S.',
    ]);
  });

  it('checks nothing for a product without SKUs, nor a line item without one', () => {
    expect(messages(line({ sku: 'ANYTHING' }), { ...TEE, skus: [] })).toEqual([]);
    expect(messages(line({}, [null]))).toEqual([]);
  });

  it('names each SKU once however often the line item names it', () => {
    expect(messages(line({ sku: 'TEE-BLK-M' }, ['TEE-BLK-M', 'tee-blk-m']))).toHaveLength(1);
  });
});

describe('orderSkuProblems', () => {
  const record = (id: string, productId: string | null): RecipeSetRecord => ({
    id,
    readableId: id.toUpperCase(),
    clientId: 'c',
    status: RecipeStatus.Created,
    productId,
    options: { colour: 'white' },
  });
  const orderLine = (ref: string, sku: string): OrderLine => ({
    ref,
    input: Object.assign(new LineItemInputDto(), { recipeSetId: ref }),
    skuQuantities: [{ sku, quantity: 1 }],
    sku,
    quantity: 1,
    workflowStatus: WorkflowStatus.NotStarted,
  });

  it("gives each line its problems: none for a recipe set without a product or one whose product isn't known", () => {
    const resolved = new Map([
      ['a', record('a', 'p-tee')],
      ['b', record('b', null)],
      ['c', record('c', 'p-gone')],
    ]);
    const problems = orderSkuProblems(
      [
        orderLine('a', 'TEE-BLK-M'),
        orderLine('b', 'X'),
        orderLine('c', 'X'),
        orderLine('a', 'TEE-WHT-S'),
      ],
      resolved,
      new Map([['p-tee', TEE]]),
    );
    expect(problems.map((p) => p.map((x) => x.sku))).toEqual([['TEE-BLK-M'], [], [], []]);
  });
});
