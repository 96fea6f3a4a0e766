import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { withNullAsJsonSchema } from './contract';

/**
 * fast-check arbitraries derived from an OpenAPI 3.0 document: schema-valid requests for an
 * operation (body, path, query and header parameters), and, for one concrete request, the variants
 * that break exactly one rule of the schema (a required field dropped, a wrong type, a value out of
 * range, a string too long, too many items, an enum outside its set, nesting too deep).
 *
 * Supported: $ref (local), allOf, anyOf, oneOf, nullable, enum, type string (minLength, maxLength,
 * pattern, format date-time, date, uuid, email), integer and number (minimum, maximum, format int32),
 * boolean, array (items, minItems, maxItems) and object (properties, required).
 */

export type Schema = Record<string, unknown>;
export type Location = 'path' | 'query' | 'header';

export interface Parameter {
  name: string;
  in: Location | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

export interface Operation {
  method: 'get' | 'put' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The JSON request body's schema, if the operation takes one. */
  body?: Schema;
  /**
   * The `multipart/form-data` body's schema, if the operation takes one instead: an object whose
   * file parts are `type: string, format: binary`. Generated like a JSON body (the caller turns
   * it into parts); its variants break what survives as text (a required part missing, a length,
   * a pattern, an enum).
   */
  multipart?: Schema;
  bodyRequired: boolean;
  /**
   * For an operation that takes either a JSON or a multipart body (operationsOf lists it twice,
   * once per kind): which one this is.
   */
  variant?: 'json' | 'multipart';
}

/** A request in parts; `body` undefined means none is sent. */
export interface GeneratedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body?: unknown;
}

/** A request that breaks one rule, with what it breaks. */
export interface Variant {
  where: 'body' | Location;
  label: string;
  request: () => GeneratedRequest;
}

/** Given the schema's own arbitrary for a property or parameter, the one to use instead. */
export type Override = (own: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;

export interface GenerationOptions {
  /** Free text (strings without enum, format or pattern). Default: `freeText()`. */
  text?: fc.Arbitrary<string>;
  /** Most items of an array without maxItems (and the usual most of one with it). Default 3. */
  maxItems?: number;
  /** Earliest and latest instant of generated dates. Default years 0001 to 9999 (a day inside). */
  dates?: { min: Date; max: Date };
  /** Arbitraries by property or parameter name (e.g. ids of resources that exist). */
  overrides?: Record<string, Override>;
}

export interface MutationOptions {
  /** Values the API accepts although the schema does not (documented leniency): not mutations. */
  lenient?: (schema: Schema, value: unknown) => boolean;
  /** Further invalid values for a place, beyond the schema's rules (not checked against it). */
  extra?: (schema: Schema, where: Variant['where']) => { label: string; value: unknown }[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
/** Deeper than any body parser should accept. */
const DEEP_NESTING = 40;
const DROP = Symbol('drop');

/** Injection-shaped and otherwise awkward texts that are still perfectly valid strings. */
const AWKWARD_TEXTS = [
  "' OR 1=1 --",
  '"; DROP TABLE purchase_order; --',
  "Robert'); DELETE FROM recipe_set; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%00%s%n',
  '$where: 1',
  'é漢字🙂\u202e',
  'e\u0301\u200b\ufeff',
  '👩‍👩‍👧‍👦',
  ' padded ',
  '\t\r\n',
  'null',
  '-1',
  '1e309',
  'NaN',
];

/** ASCII, any Unicode code point, whole graphemes, and awkward samples. */
export function freeText(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_TEXTS) },
  );
}

/**
 * The operations of a document, in document order; one that takes either JSON or a multipart
 * form is listed twice, once with each body.
 */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return bodiesApart(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => {
        const op = item[method] as {
          operationId?: string;
          parameters?: (Parameter | { $ref: string })[];
          requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
        };
        return {
          method,
          path,
          operationId: op.operationId ?? `${method} ${path}`,
          parameters: [
            ...((item.parameters as Parameter[] | undefined) ?? []),
            ...(op.parameters ?? []).map((p) => parameterOf(doc, p)),
          ].filter((p) => p.in !== 'cookie'),
          body: op.requestBody?.content?.['application/json']?.schema,
          multipart: op.requestBody?.content?.['multipart/form-data']?.schema,
          bodyRequired: op.requestBody?.required === true,
        };
      }),
    ),
  );
}

/** A parameter, or the one of `components.parameters` it references. */
function parameterOf(doc: OpenApiDocument, p: Parameter | { $ref: string }): Parameter {
  if (!('$ref' in p)) return p;
  const found = doc.components?.parameters?.[p.$ref.replace('#/components/parameters/', '')];
  if (!found) throw new Error(`unresolvable parameter $ref ${p.$ref}`);
  return found;
}

function bodiesApart(operations: Operation[]): Operation[] {
  return operations.flatMap((op): Operation[] =>
    op.body && op.multipart
      ? [
          { ...op, multipart: undefined, variant: 'json' },
          { ...op, body: undefined, variant: 'multipart' },
        ]
      : [op],
  );
}

/** A parameter value as it travels: text as is, anything else as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The URL of a request: path parameters encoded into the template, then the query. */
export function urlOf(op: Operation, req: GeneratedRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(req.path[name])),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    // An array goes as the parameter repeated (OpenAPI's default for the query: form, explode).
    if (Array.isArray(value))
      for (const item of value as unknown[]) query.append(name, asText(item));
    else if (value !== undefined) query.append(name, asText(value));
  }
  return query.size > 0 ? `${path}?${query.toString()}` : path;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const codePoints = (s: string) => [...s];

/** `s` cut or cyclically extended to between `min` and `max` code points. */
function fit(s: string, min: number, max: number): string {
  const chars = codePoints(s);
  if (chars.length > max) return chars.slice(0, max).join('');
  if (chars.length >= min) return s;
  const unit = chars.length > 0 ? chars : ['x'];
  return Array.from({ length: min }, (_, i) => unit[i % unit.length]).join('');
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

export class OpenApiArbitraries {
  private readonly strict: Ajv;
  private readonly coercing: Ajv;
  private readonly validators = [
    new WeakMap<Schema, ValidateFunction>(),
    new WeakMap<Schema, ValidateFunction>(),
  ];
  private readonly resolved = new WeakMap<Schema, Schema>();
  private readonly components: unknown;
  private readonly text: fc.Arbitrary<string>;
  private readonly maxItems: number;
  private readonly dates: { min: Date; max: Date };

  constructor(
    readonly doc: OpenApiDocument,
    private readonly options: GenerationOptions = {},
  ) {
    this.strict = addFormats(new Ajv({ strict: false, allErrors: false }));
    // Parameters travel as text: compare them with the schema after coercion, as a server would.
    this.coercing = addFormats(new Ajv({ strict: false, coerceTypes: true }));
    this.components = withNullAsJsonSchema(doc.components ?? {});
    this.text = options.text ?? freeText();
    this.maxItems = options.maxItems ?? 3;
    this.dates = options.dates ?? {
      min: new Date('0001-01-02T00:00:00Z'),
      max: new Date('9999-12-30T23:59:59.999Z'),
    };
  }

  /** `schema` with its $ref followed and its allOf merged (properties and required combined). */
  resolve(schema: Schema): Schema {
    const cached = this.resolved.get(schema);
    if (cached) return cached;
    let result = schema;
    if (typeof schema.$ref === 'string') {
      result = this.resolve(this.pointer(schema.$ref));
    } else if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      result = (allOf as Schema[]).map((s) => this.resolve(s)).reduce(merge, rest);
    }
    this.resolved.set(schema, result);
    return result;
  }

  /** Whether `value` satisfies `schema` (parameters: after coercion from text). */
  validates(schema: Schema, value: unknown, coerce = false): boolean {
    const cache = this.validators[coerce ? 1 : 0];
    let validate = cache.get(schema);
    if (!validate) {
      validate = (coerce ? this.coercing : this.strict).compile({
        allOf: [withNullAsJsonSchema(schema)],
        components: this.components,
      });
      cache.set(schema, validate);
    }
    // Coercion rewrites its input in place: validate a copy.
    return validate(coerce ? structuredClone(value) : value);
  }

  /** Schema-valid values of `schema`. */
  value(
    schema: Schema,
    overrides = this.options.overrides ?? {},
    depth = 0,
  ): fc.Arbitrary<unknown> {
    if (depth > 20) throw new Error('schema nested too deep (recursive?)');
    const s = this.resolve(schema);
    // The null alternative of a nullable reference (src/common/openapi/nullable-references.ts).
    if (Array.isArray(s.enum) && s.enum.every((v) => v === null)) return fc.constant(null);
    const own = this.nonNull(s, overrides, depth);
    return s.nullable === true
      ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 5, arbitrary: own })
      : own;
  }

  /** Schema-valid requests of `op`; `overrides` (by name) add to the generation options'. */
  request(op: Operation, overrides: Record<string, Override> = {}): fc.Arbitrary<GeneratedRequest> {
    const all = { ...this.options.overrides, ...overrides };
    const params = (where: Location) => {
      const list = op.parameters.filter((p) => p.in === where);
      const model = Object.fromEntries(
        list.map((p) => [p.name, named(all, p.name, this.parameter(p, all))]),
      );
      return fc.record(model, {
        requiredKeys: list.filter((p) => p.required || where === 'path').map((p) => p.name),
      });
    };
    const body = op.body ?? op.multipart;
    return fc.record({
      path: params('path'),
      query: params('query'),
      header: params('header'),
      body: body ? this.value(body, all) : fc.constant(undefined),
    });
  }

  /**
   * Every way of breaking exactly one schema rule of `req` (a schema-valid request of `op`). Each
   * variant is checked against the schema: it no longer validates, and `lenient` does not accept it.
   */
  variants(op: Operation, req: GeneratedRequest, options: MutationOptions = {}): Variant[] {
    const out: Variant[] = [];
    const body = op.body ?? op.multipart;
    if (body && req.body !== undefined) {
      if (op.bodyRequired)
        out.push({ where: 'body', label: 'no body', request: () => ({ ...req, body: undefined }) });
      for (const site of this.sites(body, req.body, [], true)) {
        for (const c of this.candidates(site, 'body', options)) {
          // Breaking a rule of the alternative the body took (anyOf) may fit another one.
          if (this.validates(body, replaceAt(req.body, site.trail, c.value))) continue;
          out.push({
            where: 'body',
            label: `body${trailText(site.trail)}: ${c.label}`,
            request: () => ({ ...req, body: replaceAt(req.body, site.trail, c.value) }),
          });
        }
      }
    }
    for (const p of op.parameters) {
      const where = p.in as Location;
      const present = req[where][p.name] !== undefined;
      if (!present || !p.schema) continue;
      const site: Site = { trail: [], schema: this.resolve(p.schema), value: req[where][p.name] };
      const breaking = this.candidates(site, where, options);
      if (p.required && where !== 'path') breaking.push({ label: 'missing', value: undefined });
      for (const c of breaking) {
        out.push({
          where,
          label: `${where} ${p.name}: ${c.label}`,
          request: () => ({ ...req, [where]: withEntry(req[where], p.name, c.value) }),
        });
      }
    }
    return out;
  }

  private pointer(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    let node: unknown = this.doc;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!node || typeof node !== 'object') throw new Error(`unresolvable $ref ${ref}`);
    return node as Schema;
  }

  private nonNull(s: Schema, overrides: Record<string, Override>, depth: number) {
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum.filter((v) => v !== null));
    const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (alternatives)
      return fc.oneof(...alternatives.map((a) => this.value(a, overrides, depth + 1)));
    const type = s.type ?? (s.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        return this.string(s);
      case 'integer':
      case 'number':
        return this.number(s);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const min = num(s.minItems) ?? 0;
        const max = Math.min(num(s.maxItems) ?? Infinity, Math.max(min, this.maxItems));
        const items = this.value((s.items as Schema | undefined) ?? {}, overrides, depth + 1);
        return fc.array(items, { minLength: min, maxLength: max });
      }
      case 'object': {
        const props = (s.properties ?? {}) as Record<string, Schema>;
        const required = ((s.required ?? []) as string[]).filter((k) => k in props);
        const model = Object.fromEntries(
          Object.entries(props).map(([k, p]) => [
            k,
            named(overrides, k, this.value(p, overrides, depth + 1)),
          ]),
        );
        return fc.record(model, { requiredKeys: required });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(s: Schema): fc.Arbitrary<string> {
    const min = num(s.minLength) ?? 0;
    const max = num(s.maxLength) ?? Infinity;
    const ok = (v: string) => codePoints(v).length >= min && codePoints(v).length <= max;
    if (s.format === 'date-time') return this.dateTime();
    if (s.format === 'date') return this.instant().map((d) => d.toISOString().slice(0, 10));
    if (s.format === 'uuid') return fc.uuid();
    if (s.format === 'email') return fc.emailAddress().filter(ok);
    if (typeof s.pattern === 'string')
      return fc.stringMatching(new RegExp(s.pattern), { size: 'small' }).filter(ok);
    const texts = this.text.map((v) => fit(v, min, max));
    // Also strings of exactly the longest allowed length.
    return Number.isFinite(max)
      ? fc.oneof(
          { weight: 4, arbitrary: texts },
          { weight: 1, arbitrary: texts.map((v) => fit(v, max, max)) },
        )
      : texts;
  }

  private number(s: Schema): fc.Arbitrary<number> {
    const int32 = s.format === 'int32';
    const min = num(s.minimum) ?? (int32 ? INT32.min : undefined);
    const max = num(s.maximum) ?? (int32 ? INT32.max : undefined);
    const step = num(s.multipleOf) ?? 1;
    if (s.type === 'integer')
      return fc
        .integer({
          min: Math.ceil((min ?? Number.MIN_SAFE_INTEGER) / step),
          max: Math.floor((max ?? Number.MAX_SAFE_INTEGER) / step),
        })
        .map((k) => k * step || 0);
    return fc
      .double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
      })
      .map((v) => v || 0);
  }

  private instant(): fc.Arbitrary<Date> {
    return fc.date({ ...this.dates, noInvalidDate: true });
  }

  /** RFC 3339 date-times: any offset (or Z), 0 to 7 fractional digits, `T` or a space. */
  private dateTime(): fc.Arbitrary<string> {
    return fc
      .record({
        at: this.instant(),
        quarterHours: fc.integer({ min: -56, max: 56 }),
        utc: fc.boolean(),
        digits: fc.integer({ min: 0, max: 7 }),
        separator: fc.constantFrom('T', 'T', 'T', ' ', 't'),
      })
      .map(({ at, quarterHours, utc, digits, separator }) => {
        const offset = utc ? 0 : quarterHours * 15;
        const local = new Date(at.getTime() + offset * 60_000);
        const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
        const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
        const fraction = digits
          ? `.${(pad(local.getUTCMilliseconds(), 3) + '0000').slice(0, digits)}`
          : '';
        const zone = utc
          ? 'Z'
          : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
        return `${date}${separator}${time}${fraction}${zone}`;
      });
  }

  private parameter(p: Parameter, overrides: Record<string, Override>): fc.Arbitrary<unknown> {
    const schema = p.schema ?? { type: 'string' };
    const s = this.resolve(schema);
    if (p.in === 'header' && s.type === 'string' && !s.enum && !s.pattern && !s.format) {
      // Header values must be visible ASCII to travel at all.
      return fc
        .stringMatching(/^[\x21-\x7e]+$/)
        .map((v) => fit(v, num(s.minLength) ?? 1, num(s.maxLength) ?? Infinity));
    }
    const value = this.value(schema, overrides);
    if (p.in !== 'path') return value;
    // A path segment must be non-empty and must not be a dot segment.
    return value.filter((v) => !['', '.', '..'].includes(asText(v)));
  }

  /** The places of a (valid) value, depth first, with the schema that governs each. */
  private sites(schema: Schema, value: unknown, trail: Trail, required: boolean): Site[] {
    const s = this.resolve(schema);
    const here: Site = { trail, schema: s, value, required };
    if (value === null || typeof value !== 'object') return [here];
    const shape = this.shapeOf(s, value);
    const children: Site[] = [];
    if (Array.isArray(value)) {
      const items = shape.items as Schema | undefined;
      if (items)
        value.forEach((v, i) => children.push(...this.sites(items, v, [...trail, i], false)));
    } else {
      const props = (shape.properties ?? {}) as Record<string, Schema>;
      const req = (shape.required ?? []) as string[];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (props[k] && v !== undefined)
          children.push(...this.sites(props[k], v, [...trail, k], req.includes(k)));
      }
    }
    return [here, ...children];
  }

  /** The alternative (of anyOf/oneOf) a value takes, resolved. */
  private shapeOf(s: Schema, value: unknown): Schema {
    const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (!alternatives) return s;
    const match = alternatives.find((a) => this.validates(a, value)) ?? alternatives[0];
    return this.shapeOf(this.resolve(match), value);
  }

  /** Values that break the site's schema (and that the API's leniency does not accept). */
  private candidates(
    site: Site,
    where: Variant['where'],
    options: MutationOptions,
  ): { label: string; value: unknown }[] {
    const s = site.schema;
    const forms = [s, ...(((s.anyOf ?? s.oneOf) as Schema[] | undefined) ?? [])].map((f) =>
      this.resolve(f),
    );
    const list: { label: string; value: unknown }[] = [
      { label: 'an object', value: { unexpected: true } },
      { label: 'an array', value: ['unexpected'] },
      { label: 'an empty array', value: [] },
      { label: 'a boolean', value: true },
      { label: 'a number', value: 12345 },
      { label: 'a non-numeric string', value: 'not-a-value' },
    ];
    if (site.required) list.push({ label: 'null', value: null });
    for (const f of forms) {
      const min = num(f.minimum);
      const max = num(f.maximum);
      if (min !== undefined) list.push({ label: `below minimum ${min}`, value: min - 1 });
      if (max !== undefined) list.push({ label: `above maximum ${max}`, value: max + 1 });
      if (f.type === 'integer') list.push({ label: 'a fraction', value: 1.5 });
      if (f.format === 'int32') list.push({ label: 'beyond int32', value: 2 ** 31 });
      if (Array.isArray(f.enum)) list.push({ label: 'outside the enum', value: 'NotInTheEnum' });
      const maxLength = num(f.maxLength);
      if (maxLength !== undefined)
        list.push({ label: `longer than ${maxLength}`, value: 'x'.repeat(maxLength + 1) });
      const minLength = num(f.minLength);
      if (minLength)
        list.push({ label: `shorter than ${minLength}`, value: 'x'.repeat(minLength - 1) });
      if (typeof f.pattern === 'string')
        list.push({ label: `not matching ${f.pattern}`, value: 'not matching!' });
      if (f.format === 'date' || f.format === 'date-time')
        list.push(
          { label: 'an impossible date', value: '2026-02-30' },
          { label: 'an impossible time', value: '2026-03-30T24:61:00Z' },
        );
      const maxItems = num(f.maxItems);
      if (maxItems !== undefined && Array.isArray(site.value)) {
        // The smaller of the first item and a minimal one: many copies of a large item would
        // break the body size limit (413) before the item count.
        const least = minimal(this, (f.items as Schema | undefined) ?? {});
        const first: unknown = site.value[0];
        const item =
          first !== undefined && JSON.stringify(first).length <= JSON.stringify(least).length
            ? first
            : least;
        list.push({
          label: `more than ${maxItems} items`,
          value: Array.from({ length: maxItems + 1 }, () => item),
        });
      }
      const minItems = num(f.minItems);
      if (minItems && Array.isArray(site.value))
        list.push({
          label: `fewer than ${minItems} items`,
          value: site.value.slice(0, minItems - 1),
        });
    }
    if (where === 'body')
      list.push({ label: `nested ${DEEP_NESTING} deep`, value: nested(DEEP_NESTING) });
    const coerce = where !== 'body';
    const breaking = list
      .filter((c) => !coerce || typeof c.value === 'string' || typeof c.value === 'number')
      .map((c) => (coerce ? { ...c, value: asText(c.value) } : c))
      .filter((c) => where !== 'header' || /^[\x20-\x7e]*$/.test(c.value as string))
      .filter((c) => !this.validates(s, c.value, coerce) && !options.lenient?.(s, c.value));
    if (site.required && site.trail.length > 0) breaking.push({ label: 'missing', value: DROP });
    return [...breaking, ...(options.extra?.(s, where) ?? [])];
  }
}

type Trail = (string | number)[];
interface Site {
  trail: Trail;
  schema: Schema;
  value: unknown;
  required?: boolean;
}

function named(overrides: Record<string, Override>, name: string, own: fc.Arbitrary<unknown>) {
  return overrides[name] ? overrides[name](own) : own;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties || b.properties)
    out.properties = { ...(a.properties as object), ...(b.properties as object) };
  if (a.required || b.required)
    out.required = [...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])];
  return out;
}

/** The smallest valid value of a schema, deterministically (for filling arrays). */
function minimal(gen: OpenApiArbitraries, schema: Schema): unknown {
  const s = gen.resolve(schema);
  if (Array.isArray(s.enum)) return s.enum[0];
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return minimal(gen, alternatives[0]);
  if (s.type === 'array') return [];
  if (s.type === 'integer' || s.type === 'number') return num(s.minimum) ?? 0;
  if (s.type === 'boolean') return false;
  if (s.type === 'string') return 'x'.repeat(num(s.minLength) ?? 1);
  const props = (s.properties ?? {}) as Record<string, Schema>;
  return Object.fromEntries(
    ((s.required ?? []) as string[]).map((k) => [k, minimal(gen, props[k] ?? {})]),
  );
}

function trailText(trail: Trail): string {
  return trail.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
}

function withEntry(obj: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...obj };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

/** A copy of `root` with the value at `trail` replaced (or, for DROP, removed). */
function replaceAt(root: unknown, trail: Trail, value: unknown): unknown {
  if (trail.length === 0) return value === DROP ? undefined : value;
  const [head, ...rest] = trail;
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    copy[head as number] = replaceAt(copy[head as number], rest, value);
    return copy;
  }
  const obj = root as Record<string, unknown>;
  if (rest.length === 0 && value === DROP) return withEntry(obj, head as string, undefined);
  return { ...obj, [head]: replaceAt(obj[head], rest, value) };
}
