import type { CatalogProduct } from '../catalog';
import { presentDesign } from './design-rules';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { skuFor } from './recipe-set-options';
import { RecipeSetDto } from './recipe-sets.dto';

/** `values` with the keys of `order` first, in that order (jsonb keeps its own order). */
function inOrder(values: Record<string, string>, order: readonly string[]): Record<string, string> {
  const keys = [
    ...order.filter((k) => k in values),
    ...Object.keys(values).filter((k) => !order.includes(k)),
  ];
  return Object.fromEntries(keys.map((k) => [k, values[k]]));
}

/** A recipe set as the API answers it, its options in the product's order. */
export function recipeSetDto(r: RecipeSetEntity, product?: CatalogProduct): RecipeSetDto {
  return {
    readableId: r.readableId,
    uuid: r.id,
    productHandle: r.productHandle,
    options: inOrder(r.options, product?.definition.options.map((o) => o.handle) ?? []),
    sku: product ? skuFor(product.definition, r.options) : null,
    design: presentDesign(
      r.design,
      product?.definition.locations.map((l) => l.handle),
    ),
    version: r.version,
    status: r.status,
    createdDate: r.createdAt.toISOString(),
    lastModifiedDate: r.lastModifiedAt.toISOString(),
  };
}
