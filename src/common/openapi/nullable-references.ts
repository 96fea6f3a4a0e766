/**
 * The alternative that accepts null and nothing else. Typed, because OpenAPI 3.0 (and Ajv, which
 * refuses to compile `nullable` without `type`) let `nullable` act only beside a `type`;
 * `enum: [null]` leaves null its only value. openapi-typescript turns `anyOf: [{$ref: X}, NULL_ONLY]` into
 * `X | (never | null)`, that is `X | null`.
 */
export const NULL_ONLY = Object.freeze({
  type: 'object',
  nullable: true,
  enum: Object.freeze([null]),
});

type Schema = Record<string, unknown>;

/** A fresh copy of NULL_ONLY (the document is edited further after this step). */
const nullOnly = (): Schema => ({ ...NULL_ONLY, enum: [null] });

const isObject = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether an alternative accepts null by itself (a typed nullable schema, or the null-only one). */
function acceptsNull(schema: Schema): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.includes(null) && schema.nullable === true;
  return schema.nullable === true && schema.type !== undefined;
}

/**
 * OpenAPI 3.0 lets `nullable: true` add null only to the schema that carries it, not to a schema
 * it refers to: `{nullable: true, allOf: [{$ref: X}]}` (what the Swagger plugin makes of `X | null`)
 * and `{nullable: true, $ref: X}` still reject null for strict validators (Prism, openapi-backend)
 * and some generators, because X itself does. Rewrites each such schema, anywhere in `node`, as
 * `{anyOf: [{$ref: X}, NULL_ONLY]}`, keeping its annotations (description, example, default,
 * readOnly…) beside the `anyOf`; several `allOf` parts stay together in the first alternative.
 * A nullable list of alternatives (`anyOf`/`oneOf` without `type`) gets NULL_ONLY as one more
 * alternative when one of them (a reference) cannot carry `nullable` itself; when all are typed,
 * tidyAlternatives (openapi.ts) moves `nullable` onto each. Run it before tidyAlternatives.
 */
export function expressNullableReferences(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(expressNullableReferences);
    return;
  }
  if (!isObject(node)) return;
  Object.values(node).forEach(expressNullableReferences);
  if (node.nullable !== true) return;
  const alternativesKey = node.anyOf ? 'anyOf' : node.oneOf ? 'oneOf' : undefined;
  if (alternativesKey && node.type === undefined) {
    const alternatives = node[alternativesKey] as Schema[];
    // Typed alternatives take `nullable` themselves (tidyAlternatives in openapi.ts).
    if (alternatives.every((a) => a.type !== undefined)) return;
    delete node.nullable;
    if (!alternatives.some(acceptsNull)) alternatives.push(nullOnly());
    return;
  }
  const referred =
    typeof node.$ref === 'string'
      ? { $ref: node.$ref }
      : Array.isArray(node.allOf) && node.allOf.length > 0
        ? node.allOf.length === 1
          ? (node.allOf[0] as Schema)
          : { allOf: node.allOf }
        : undefined;
  if (!referred) return;
  // `type` beside the reference (the plugin writes `object`) would refuse null by itself.
  for (const key of ['nullable', '$ref', 'allOf', 'type']) delete node[key];
  node.anyOf = [referred, nullOnly()];
}
