import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * Property-based fuzzing of every operation in the committed OpenAPI document: hostile path
 * values, bodies and headers must never produce a 5xx, and (through the test app's contract
 * check) every answer must be a documented status with a documented content type. Afterwards the
 * database must hold no half-written data. `FUZZ_RUNS` sets the runs per operation (`npm run fuzz`
 * runs many more than `npm test`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  hasBody: boolean;
}

const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'delete'] as const)
    .filter((m) => item[m])
    .map((method) => ({ method, path, hasBody: item[method].requestBody !== undefined })),
);

const HOSTILE = [
  "' OR 1=1 --",
  '"; DROP TABLE purchase_order; --',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '%00',
  'é漢字🙂\u202e',
  ' ',
  'null',
  '-1',
  '1e309',
  '2026-02-30',
  'x'.repeat(5000),
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...HOSTILE),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** Deeply nested arrays, as raw JSON text (beyond what a generator builds cheaply). */
const deep = fc.integer({ min: 50, max: 5000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`);

describe('Fuzzing every operation from openapi.json (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let known: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createClient(t.app, { role: Role.ServiceAdmin });
    known = (await createRecipeSets(t.app, admin.id, 3)).map((r) => r.readableId);
  });
  afterAll(() => t.close());

  /** A body shaped like the real payloads, with fields replaced by hostile values. */
  const shapedBody = fc.record(
    {
      purchaseOrderNumber: fc.oneof(text, fc.integer()),
      orderDate: fc.oneof(text, fc.constantFrom('2026-03-30', '2022-01-31T13:15:05.2151663-05:00')),
      priority: scalar,
      proofStatus: scalar,
      emailAddress: scalar,
      shippingAddress: fc.oneof(fc.constant(null), fc.dictionary(text, scalar, { maxKeys: 5 })),
      lineItems: fc.array(
        fc.record(
          {
            recipeSetId: fc.oneof(text, fc.constantFrom('AAAA2222', 'x')),
            recipeSetReadableId: text,
            workflowStatus: fc.oneof(text, fc.constantFrom('in-progress', 'IN-PROGRESS')),
            shipmentTracking: fc.oneof(text, fc.array(text, { maxLength: 3 })),
            skuQuantities: fc.oneof(
              scalar,
              fc.array(fc.record({ sku: scalar, quantity: scalar }), { maxLength: 3 }),
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
      lastModificationStartDate: fc.oneof(text, fc.constant('2026-03-30')),
      workflowStatuses: fc.oneof(scalar, fc.array(text, { maxLength: 3 })),
      ignoreDateRestriction: scalar,
      handle: text,
      name: text,
      role: text,
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    shapedBody.map((b) => JSON.stringify(b)),
    fc.array(shapedBody, { maxLength: 3 }).map((b) => JSON.stringify(b)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    deep,
    fc.constantFrom('{', '{"a":', '[1,]', 'nul', '\u0000', '{"__proto__":{"polluted":true}}'),
  );
  const pathValue = fc.oneof(
    text,
    fc.constantFrom(...HOSTILE, 'AAAA2222', '3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11'),
  );

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 5, maxLength: 5 }),
          body,
          fc.option(fc.stringMatching(/^[\x21-\x7e]{0,300}$/), { nil: undefined }),
          fc.boolean(),
          async (params, payload, idempotencyKey, asProblem) => {
            let i = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () =>
              encodeURIComponent(params[i++] || known[0]),
            );
            let req = request(t.http)[op.method](path).set('SERVICE_API_TOKEN', admin.token);
            if (asProblem) req = req.set('Accept', 'application/problem+json');
            if (idempotencyKey !== undefined)
              req = req.set('Idempotency-Key', idempotencyKey || 'k');
            if (op.hasBody) req = req.set('Content-Type', 'application/json').send(payload);
            const res = await req;
            if (res.status >= 500)
              throw new Error(
                `${op.method.toUpperCase()} ${path} -> ${res.status}: ${res.text.slice(0, 300)}`,
              );
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }

  it('leaves no half-written orders behind', async () => {
    const broken: unknown[] = await t.dataSource.query(`
      SELECT o.purchase_order_number FROM purchase_order o
      WHERE NOT EXISTS (SELECT 1 FROM order_line_item li WHERE li.order_id = o.id)
         OR o.workflow_statuses IS DISTINCT FROM
            ARRAY(SELECT DISTINCT li.workflow_status FROM order_line_item li WHERE li.order_id = o.id ORDER BY 1)::varchar[]
         OR EXISTS (SELECT 1 FROM order_line_item li WHERE li.order_id = o.id AND NOT EXISTS (
              SELECT 1 FROM print_file_request p WHERE p.order_id = o.id AND p.recipe_set_id = li.recipe_set_id))`);
    expect(broken).toEqual([]);
    const inFlight: unknown[] = await t.dataSource.query(
      'SELECT key FROM idempotency_key WHERE response_status IS NULL',
    );
    expect(inFlight).toEqual([]);
  });
});
