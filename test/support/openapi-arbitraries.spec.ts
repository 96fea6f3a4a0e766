import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIsoDate } from '../../src/common/validation/lenient';
import {
  asText,
  GeneratedRequest,
  OpenApiArbitraries,
  OpenApiDocument,
  Operation,
  operationsOf,
  urlOf,
} from './openapi-arbitraries';

const doc = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApiDocument;
const gen = new OpenApiArbitraries(doc);
const operations = operationsOf(doc);
/** Generated requests per operation: as many as the fuzz test's (FUZZ_RUNS; CI runs 6, npm test 25). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** Whether every part of `req` satisfies the operation's schemas. */
function conforms(op: Operation, req: GeneratedRequest): boolean {
  const body = op.body ?? op.multipart;
  if (body && req.body === undefined) return !op.bodyRequired;
  if (body && !gen.validates(body, req.body)) return false;
  return op.parameters.every((p) => {
    const value = req[p.in as 'path' | 'query' | 'header'][p.name];
    if (value === undefined) return !p.required;
    // An array travels as its items, each as text (the parameter repeated).
    const sent = Array.isArray(value) ? (value as unknown[]).map(asText) : asText(value);
    return !p.schema || gen.validates(p.schema, sent, true);
  });
}

describe('OpenApiArbitraries on the committed openapi.json', () => {
  it('finds every operation with its body and parameters', () => {
    expect(operations.length).toBeGreaterThan(10);
    const ack = operations.find((o) => o.operationId === 'acknowledgeOrder')!;
    expect(ack).toMatchObject({ method: 'post', path: '/api/order/acknowledgement' });
    expect(ack.body).toEqual({ $ref: '#/components/schemas/OrderAcknowledgementDto' });
    expect(ack.parameters.map((p) => p.name)).toEqual(['Idempotency-Key']);
  });

  it('finds the multipart body of an upload, apart from JSON bodies', () => {
    const upload = operations.find((o) => o.operationId === 'uploadAsset')!;
    expect(upload.body).toBeUndefined();
    expect(upload.multipart).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(upload.bodyRequired).toBe(true);
  });

  for (const op of operations) {
    it(`${op.operationId}: generated requests conform; each variant breaks the schema`, () => {
      fc.assert(
        fc.property(gen.request(op), (req) => {
          if (!conforms(op, req))
            throw new Error(`not schema-valid: ${JSON.stringify(req).slice(0, 500)}`);
          expect(urlOf(op, req)).not.toMatch(/\{|\/\/|\/\.\.?(\/|$)/);
          for (const variant of gen.variants(op, req)) {
            if (conforms(op, variant.request()))
              throw new Error(`variant still valid: ${variant.label}`);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('OpenApiArbitraries on small schemas', () => {
  const small: OpenApiDocument = {
    paths: {
      '/things/{id}': {
        post: {
          operationId: 'makeThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 9 } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Base: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 2, maxLength: 5 } },
          required: ['name'],
        },
        Thing: {
          allOf: [
            { $ref: '#/components/schemas/Base' },
            {
              type: 'object',
              properties: {
                kind: { type: 'string', enum: ['a', 'b'], nullable: true },
                code: { type: 'string', pattern: '^[A-Z]{3}$' },
                when: { type: 'string', format: 'date-time' },
                tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } },
              },
              required: ['tags'],
            },
          ],
        },
      },
    },
  };
  const g = new OpenApiArbitraries(small);
  const [op] = operationsOf(small);

  it('merges allOf through $ref, honours lengths, patterns, enums, nullable and item counts', () => {
    fc.assert(
      fc.property(g.request(op), (req) => {
        const body = req.body as Record<string, unknown>;
        expect([...(body.name as string)].length).toBeGreaterThanOrEqual(2);
        expect([...(body.name as string)].length).toBeLessThanOrEqual(5);
        expect((body.tags as unknown[]).length).toBeGreaterThanOrEqual(1);
        expect((body.tags as unknown[]).length).toBeLessThanOrEqual(2);
        if ('code' in body) expect(body.code).toMatch(/^[A-Z]{3}$/);
        if ('kind' in body) expect([null, 'a', 'b']).toContain(body.kind);
        // The API's parser, not Date.parse: V8 refuses e.g. a space separator with a year before 100.
        if ('when' in body) expect(parseIsoDate(body.when)).toBeInstanceOf(Date);
        expect(g.validates(op.body!, body)).toBe(true);
      }),
    );
  });

  it('lists the rule each variant breaks', () => {
    const req: GeneratedRequest = {
      path: { id: 'x' },
      query: { size: 3 },
      header: {},
      body: { name: 'abc', tags: ['t'], kind: 'a' },
    };
    const labels = g.variants(op, req).map((v) => v.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'no body',
        'body.name: missing',
        'body.name: longer than 5',
        'body.name: shorter than 2',
        'body.tags: fewer than 1 items',
        'body.tags: more than 2 items',
        'body.kind: outside the enum',
        'body.tags[0]: an object',
        'body: nested 40 deep',
        'query size: below minimum 1',
        'query size: above maximum 9',
        'query size: a fraction',
        'query size: a non-numeric string',
      ]),
    );
    // Numbers are strings in a path: nothing breaks an unconstrained path string.
    expect(labels.filter((l) => l.startsWith('path'))).toEqual([]);
    const tooMany = g.variants(op, req).find((v) => v.label === 'body.tags: more than 2 items')!;
    expect(tooMany.request().body).toEqual({ name: 'abc', tags: ['t', 't', 't'], kind: 'a' });
  });

  it('fills a too-long array with a minimal item when the first one is larger', () => {
    const req: GeneratedRequest = {
      path: { id: 'x' },
      query: {},
      header: {},
      body: { name: 'abc', tags: ['a long tag'], kind: 'a' },
    };
    const tooMany = g.variants(op, req).find((v) => v.label === 'body.tags: more than 2 items')!;
    expect(tooMany.request().body).toEqual({ name: 'abc', tags: ['x', 'x', 'x'], kind: 'a' });
  });

  it('leaves out what the lenient predicate accepts, and adds extra values', () => {
    const req: GeneratedRequest = {
      path: { id: 'x' },
      query: {},
      header: {},
      body: { name: 'abc', tags: ['t'] },
    };
    const labels = g
      .variants(op, req, {
        lenient: (_s, v) => typeof v === 'number',
        extra: (s, where) =>
          where === 'body' && s.type === 'string' ? [{ label: 'a NUL', value: '\u0000' }] : [],
      })
      .map((v) => v.label);
    expect(labels).not.toContain('body.name: a number');
    expect(labels).toContain('body.name: a NUL');
  });

  it('uses overrides by name, and encodes path parameters', () => {
    const [req] = fc.sample(g.request(op, { id: () => fc.constant('a/b c') }), 1);
    expect(urlOf(op, req)).toMatch(/^\/things\/a%2Fb%20c(\?size=\d)?$/);
  });
});
