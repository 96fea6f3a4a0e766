import type { OrderableProduct, RecipeSetRecord } from '../recipe-sets';
import type { OrderLine } from './order-input';

/** A line item that does not fit its recipe set's product: the SKU it concerns (if any) and why. */
export interface SkuProblem {
  sku: string | null;
  message: string;
}

const lower = (s: string) => s.toLowerCase();

/** A product's options and SKUs by lower-case name, built once per product however many lines. */
interface SkuIndex {
  options: Map<string, OrderableProduct['options'][number]>;
  shown: Set<string>;
  listed: Map<string, OrderableProduct['skus'][number]>;
}
const indexes = new WeakMap<OrderableProduct, SkuIndex>();

function indexOf(product: OrderableProduct): SkuIndex {
  let index = indexes.get(product);
  if (!index) {
    index = {
      options: new Map(product.options.map((o) => [lower(o.handle), o])),
      shown: new Set(product.shownOptions.map(lower)),
      listed: new Map(product.skus.map((s) => [lower(s.sku), s])),
    };
    indexes.set(product, index);
  }
  return index;
}

/** The SKUs a line item names (its own and its SKU quantities'), each once, as sent. */
function skusOf(line: Pick<OrderLine, 'input' | 'skuQuantities'>): string[] {
  const named = [line.input.sku, ...line.skuQuantities.map((q) => q.sku)];
  const seen = new Map<string, string>();
  for (const sku of named) if (sku && !seen.has(lower(sku))) seen.set(lower(sku), sku);
  return [...seen.values()];
}

/**
 * What is wrong with a line item's SKUs for its recipe set (docs/design.md §6), none when its
 * product lists no SKUs (they live in the client's own system). Each SKU (any case) must be one
 * the product lists; its options must be values the product has, and for the options the design
 * shows (those a fill layer of the product colours with: a garment's colour) the design's value.
 * The others (a size) may differ from line to line. A line item's `size`, when given, must be a
 * value of the product's `size` option and agree with its SKUs. A line item without a SKU is not
 * checked (the spec lets it be null).
 */
export function lineSkuProblems(
  line: Pick<OrderLine, 'input' | 'skuQuantities'>,
  recipeSet: Pick<RecipeSetRecord, 'readableId' | 'options'>,
  product: OrderableProduct,
): SkuProblem[] {
  if (product.skus.length === 0) return [];
  const problems: SkuProblem[] = [];
  const { options, shown, listed } = indexOf(product);
  const designed = new Map(Object.entries(recipeSet.options).map(([k, v]) => [lower(k), v]));
  const size = line.input.size?.trim() || null;
  for (const code of skusOf(line)) {
    const sku = listed.get(lower(code));
    if (!sku) {
      problems.push({
        sku: code,
        message: `SKU ${code} is not a SKU of product ${product.handle}.`,
      });
      continue;
    }
    for (const [name, value] of Object.entries(sku.options)) {
      const option = options.get(lower(name));
      const designValue = designed.get(lower(name));
      if (!option?.values.some((v) => v.value === value))
        problems.push({
          sku: code,
          message: `SKU ${code} is ${name} ${value}, which product ${product.handle} does not have.`,
        });
      else if (shown.has(lower(name)) && designValue !== undefined && designValue !== value)
        problems.push({
          sku: code,
          message: `SKU ${code} is ${option.handle} ${value}, but recipe set ${recipeSet.readableId} is designed in ${option.handle} ${designValue}.`,
        });
      else if (lower(name) === 'size' && size && lower(size) !== lower(value))
        problems.push({
          sku: code,
          message: `SKU ${code} is size ${value}, but the line item's size is ${size}.`,
        });
    }
  }
  const sizes = options.get('size');
  if (size && sizes && !sizes.values.some((v) => lower(v.value) === lower(size)))
    problems.push({
      sku: skusOf(line)[0] ?? null,
      message: `Size ${size} is not a size of product ${product.handle} (its sizes: ${sizes.values.map((v) => v.value).join(', ')}).`,
    });
  return problems;
}

/**
 * The problems of each line item of an order, in line order (none for a line whose recipe set
 * has no product, or whose product lists no SKUs).
 */
export function orderSkuProblems(
  lines: readonly OrderLine[],
  resolved: ReadonlyMap<string, RecipeSetRecord>,
  products: ReadonlyMap<string, OrderableProduct>,
): SkuProblem[][] {
  return lines.map((line) => {
    const recipeSet = resolved.get(line.ref);
    const product = recipeSet?.productId ? products.get(recipeSet.productId) : undefined;
    return recipeSet && product ? lineSkuProblems(line, recipeSet, product) : [];
  });
}
