import type { ProductDefinition } from '../catalog';

export type OptionsCheck =
  | { ok: true; options: Record<string, string>; sku: string | null }
  | { ok: false; problems: string[] };

/**
 * The options of a new recipe set: every option of the product gets a value, the given one
 * (option names any case, values exact) or else the option's first value. Names the product does
 * not have and values an option does not offer are problems. `sku` is the SKU whose options all
 * match (null when none does).
 */
export function resolveOptions(
  product: ProductDefinition,
  given: Record<string, string> | undefined,
): OptionsCheck {
  const problems: string[] = [];
  const byName = new Map(product.options.map((o) => [o.handle.toLowerCase(), o]));
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(given ?? {})) {
    const option = byName.get(name.toLowerCase());
    if (!option) {
      const known = product.options.map((o) => o.handle).join(', ') || 'none';
      problems.push(`product ${product.handle} has no option ${name} (its options: ${known}).`);
    } else if (!option.values.some((v) => v.value === value)) {
      problems.push(
        `${JSON.stringify(value)} is not a value of option ${option.handle} (allowed: ${option.values.map((v) => v.value).join(', ')}).`,
      );
    } else options[option.handle] = value;
  }
  if (problems.length > 0) return { ok: false, problems };
  for (const option of product.options) options[option.handle] ??= option.values[0].value;
  return { ok: true, options, sku: skuFor(product, options) };
}

/**
 * The SKU whose options all match `options` (keyed by the product's option handles; a SKU may
 * name an option in another case); null when none does.
 */
export function skuFor(product: ProductDefinition, options: Record<string, string>): string | null {
  const handles = new Map(product.options.map((o) => [o.handle.toLowerCase(), o.handle]));
  const sku = product.skus.find((s) =>
    Object.entries(s.options).every(([k, v]) => {
      const handle = handles.get(k.toLowerCase());
      return handle !== undefined && options[handle] === v;
    }),
  );
  return sku?.sku ?? null;
}
