import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request, { Response } from 'supertest';
import { Role } from '../../src/common/auth/role';
import { BlobStore } from '../../src/common/storage/blob-store';
import { createClient, TestClient } from '../factories/clients';
import { LOG_LINK } from '../factories/orders';
import { teeProduct, uploadImage } from '../factories/catalog';
import { createRecipeSets } from '../factories/recipe-sets';
import { PlansService } from '../../src/plans';
import { createTestApp, TestApp } from '../setup/test-app';
import { EXE_BYTES, pngBomb, testImage, TestImageFormat } from '../support/images';
import {
  asText,
  freeText,
  GeneratedRequest,
  OpenApiArbitraries,
  OpenApiDocument,
  Operation,
  operationsOf,
  Schema,
  urlOf,
} from '../support/openapi-arbitraries';
import { validDesign } from '../support/fuzz-designs';
import { DESIGN_POOLS, instant, isObject, oneOf, pools, prepare } from '../support/fuzz-requests';
import { HALF_WRITTEN_ORDERS, UNFINISHED_IDEMPOTENCY_KEYS } from '../support/order-integrity';

/**
 * Property-based fuzzing of every operation in the committed OpenAPI document, with requests of
 * three kinds:
 *  - hostile: garbage paths, bodies and headers;
 *  - valid: derived from the operation's schemas (test/support/openapi-arbitraries.ts), with ids
 *    of resources that exist mixed with random well-formed ones;
 *  - invalid: a valid request with exactly one schema rule broken.
 * None may answer 5xx; valid requests are never refused with 400 (and acknowledgements mostly
 * succeed); invalid ones get a 4xx. Multipart operations (uploads) get their text fields from the
 * schema and a real image in each file part; their hostile requests are multipart bodies of
 * every malformation. Through the test app's contract check every answer must be a
 * documented status with a documented content type and body. Afterwards the database must hold
 * exactly the orders that were acknowledged, and nothing half-written. `FUZZ_RUNS` sets the runs
 * per operation and kind (`npm run fuzz` runs many more than `npm test`); `FUZZ_SEED` replays.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
// A ceiling only a hang reaches (test/support/budgets.ts): on a 2-core machine running three other
// CPU-bound test processes, the 18 runs of one render operation at FUZZ_RUNS=6 took over 33 s.
const TIMEOUT = 120_000 + RUNS * 2_000;
const PARAMETERS = { numRuns: RUNS, seed: SEED, endOnFailure: true };

const ACKNOWLEDGEMENTS = ['acknowledgeOrder', 'acknowledgeOrders', 'submitOrder'];
/**
 * Share of valid acknowledgements that must succeed (about 3 in 4 do; the others name a random or
 * another client's recipe set, 404, or reuse an order number, 409).
 */
const MIN_ACK_SUCCESS = 0.4;
/** Runs below which the share of accepted acknowledgements is left alone (see its check). */
const MIN_RUNS_FOR_SHARE = 50;

const doc = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApiDocument;
const operations = operationsOf(doc);

/** Text the database can store: no NUL, no unpaired surrogate (those are invalid input). */
const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (s: string) => !s.includes('\u0000') && !UNPAIRED.test(s);

const gen = new OpenApiArbitraries(doc, {
  text: freeText().filter(storable),
  overrides: {
    recipeSetId: (own) =>
      fc.oneof(
        { weight: 30, arbitrary: oneOf(() => [...pools.recipeSets, ...pools.uuids], 30)(own) },
        { weight: 1, arbitrary: oneOf(() => pools.foreign, 1)(own) },
      ),
    recipeSetUuid: oneOf(() => pools.uuids, 12),
    recipeSetReadableId: oneOf(() => [...pools.orders.values()].flat()),
    // Shares: recipients the API takes (what the schema allows may still be no address or
    // number, a 400 by the rules), at most 10 in all.
    emailAddresses: () =>
      fc.constantFrom(
        ['ann@example.com'],
        'bob@example.com',
        [],
        ['c@example.com', 'd@example.org'],
      ),
    phoneNumbers: () => fc.constantFrom(['+49 151 12345678'], '0033 6 12 34 56 78', [], null),
    purchaseOrderNumber: oneOf(() => [...pools.orders.keys()]),
    clientHandle: oneOf(() => pools.handles),
    tokenId: oneOf(() => pools.tokens),
    logId: oneOf(() => pools.logIds),
    // Path parameters named `id` get uploaded-asset ids (saved assets and production jobs
    // mostly answer 404 to them).
    id: oneOf(() => pools.assetIds),
    // Moderation reads uploads of the fuzzing client.
    uploadedAssetId: oneOf(() => pools.assetIds),
    productHandle: oneOf(() => pools.products),
    // Availability: the SKUs of the fuzzing product (teeProduct's).
    sku: oneOf(() => ['TEE-WHT-S', 'TEE-BLK-M', 'tee-wht-s']),
    // Renders: the fuzzing product's (teeProduct's) view angle, camera, preset and states.
    // (Another camera, preset or state is a 400 by the API's rules, not the schema's.)
    readableId: oneOf(() => pools.designed, 12),
    viewAngleHandle: oneOf(() => ['north', 'NORTH'], 12),
    camera: () => fc.constantFrom('closeup', 'CloseUp'),
    renderStateHandle: () => fc.constantFrom('print-output'),
    state: () => fc.constantFrom('background:white', 'BACKGROUND:transparent'),
    // Valid by the schema, yet a 400 by the image's size (a crop past it) or a multiple of 90 the
    // schema cannot say; and dpr multiplies the size (kept small, as width and height are).
    crop: () => fc.constantFrom('0,0,0,0', '10, 20, -10, -20', '0.5,0,100,120'),
    rotate: () => fc.constantFrom(0, 90, -90, 180, 270, 450),
    dpr: () => fc.constantFrom(0.5, 1, 1.5, 2),
    // `up` never shrinks: a box narrower than the render on one side enlarges the other past the
    // output limit, a 400 by the sizes (the HTTP tests cover `up`).
    scale: () => fc.constantFrom('down', 'both', 'canvas'),
    // An output's format must be one the service knows (by extension or MIME type): 400 otherwise.
    assetFormat: () => fc.constantFrom('png', '.DST', 'application/pdf', 'PES'),
    // …and an output without one takes its format from the extension of its `uri`.
    uri: () =>
      fc
        .tuple(fc.webSegment(), fc.constantFrom('dst', 'PDF', 'png', 'Pes'))
        .map(([name, ext]) => `https://provider.example.com/jobs/${name || 'out'}.${ext}`),
  },
});

/** A schema that takes any text matching its pattern, if any, e.g. `sample` (LenientString also takes a number, as its decimal text). */
function freeTextSchema(schema: Schema, sample: string): boolean {
  const forms = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Schema[])];
  return forms.some(
    (f) =>
      f.type === 'string' &&
      !f.enum &&
      (typeof f.pattern !== 'string' || new RegExp(f.pattern, 'u').test(sample)) &&
      (f.format === undefined || f.format === 'uuid'),
  );
}

/** Invalid-request generation, with the API's documented leniency (docs/design.md §5). */
const MUTATIONS = {
  lenient: (schema: Schema, value: unknown) =>
    // Numbers are taken as text where text is expected; a recipeSetUuid is looked up, not
    // validated (a malformed one is simply not found, and ignored beside a recipeSetId), but
    // its length is.
    (typeof value === 'number' && freeTextSchema(schema, String(value))) ||
    (schema.format === 'uuid' &&
      typeof value === 'string' &&
      [...value].length <= ((schema.maxLength as number | undefined) ?? Infinity)),
  // Beyond the schema: text must be storable. In a body or query that is a 400 naming the field;
  // in a path it names nothing that exists (404).
  extra: (schema: Schema, where: string) =>
    where === 'header' || !freeTextSchema(schema, 'a\u0000b')
      ? []
      : [
          { label: 'a NUL character', value: 'a\u0000b' },
          ...(where === 'body' ? [{ label: 'an unpaired surrogate', value: 'a\ud800b' }] : []),
        ],
};

/** How a request travels: Accept header, trailing slash, and the case of fixed path segments. */
const transport = fc.record({
  accept: fc.constantFrom(
    undefined,
    'application/json',
    'application/problem+json',
    'text/html',
    '*/*',
  ),
  slash: fc.boolean(),
  upper: fc.boolean(),
});
type Transport = typeof transport extends fc.Arbitrary<infer T> ? T : never;

/** Names of the file parts of a multipart operation (`format: binary`). */
const fileParts = (op: Operation): string[] =>
  Object.entries((op.multipart?.properties ?? {}) as Record<string, Schema>)
    .filter(([, schema]) => schema.format === 'binary')
    .map(([name]) => name);

/**
 * Variants of a multipart request that still break a rule once every value is text: a required
 * part missing, a length, a pattern, an enum, a NUL. (A number or an object arrives as its text,
 * and an unpaired surrogate as U+FFFD, all valid.)
 */
const MULTIPART_BREAKS =
  /: (missing|longer than \d+|shorter than \d+|not matching .*|outside the enum|a NUL character)$/;

/** Images valid requests upload, one of each accepted type and a few sizes. */
const images: Buffer[] = [];

const show = (op: Operation) =>
  `${op.method.toUpperCase()} ${op.path}${op.variant ? ` (${op.variant})` : ''}`;
const describeRequest = (req: GeneratedRequest) => JSON.stringify(req).slice(0, 1500);

describe('Fuzzing every operation from openapi.json (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  /** The sandbox helpers answer sandbox tokens only (403 before the body is looked at). */
  let sandbox: TestClient;
  const tokenFor = (path: string) =>
    path.startsWith('/api/sandbox/') ? sandbox.token : admin.token;
  /** POs answered 2xx, as the answers spell them. */
  const acknowledged = new Set<string>();
  /** Ids of uploads answered 201 (not replays). */
  const uploads = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createClient(t.app, { role: Role.ServiceAdmin });
    sandbox = await createClient(t.app, { role: Role.Admin, sandbox: true });
    const other = await createClient(t.app, { role: Role.User });
    const mine = await createRecipeSets(t.app, admin.id, 12);
    pools.recipeSets.push(...mine.map((r) => r.readableId));
    pools.uuids.push(...mine.map((r) => r.uuid));
    const theirs = await createRecipeSets(t.app, other.id, 2);
    pools.foreign.push(...theirs.flatMap((r) => [r.readableId, r.uuid]));
    pools.handles.push(admin.handle, other.handle);
    // The rate-limited routes are fuzzed far past any seeded plan.
    for (const handle of pools.handles)
      await t.app.get(PlansService).set(handle, { limit: 1_000_000, windowSeconds: 60 });
    // A product with catalog images, and recipe sets designed on it.
    const image = async () => {
      const id = await uploadImage(t, admin);
      uploads.add(id);
      pools.assetIds.push(String(id));
      return id;
    };
    pools.catalogImages.push(await image(), await image());
    const product = await request(t.http)
      .post(`/api/catalog/${admin.handle}/products`)
      .set('SERVICE_API_TOKEN', admin.token)
      .send(
        teeProduct({ mask: pools.catalogImages[0], shading: pools.catalogImages[1] }, 'fuzz-tee'),
      );
    expect(product.status).toBe(201);
    pools.products.push('fuzz-tee');
    for (let i = 0; i < 4; i++) {
      const designed = await request(t.http)
        .post('/api/recipesets')
        .set('SERVICE_API_TOKEN', admin.token)
        .send({
          productHandle: 'fuzz-tee',
          design: validDesign({ a: { elements: [{ type: 'image' }, {}] } }, i, DESIGN_POOLS),
        });
      expect(designed.status).toBe(201);
      pools.recipeSets.push(designed.body.data.readableId);
      pools.designed.push(designed.body.data.readableId);
      pools.uuids.push(designed.body.data.uuid);
    }
    const formats: TestImageFormat[] = ['png', 'jpeg', 'webp', 'gif', 'tiff'];
    for (const [i, format] of formats.entries())
      images.push(await testImage(format, { width: 8 + i * 7, height: 5 + i * 3 }));
  });
  afterAll(() => t.close());

  function send(op: Operation, req: GeneratedRequest, how: Partial<Transport> = {}) {
    const template = how.upper
      ? op.path.replace(
          /(^|\/)([^/{]+)/g,
          (_, slash: string, seg: string) => slash + seg.toUpperCase(),
        )
      : op.path;
    let url = urlOf({ ...op, path: template }, req);
    if (how.slash) url = url.replace(/(\?|$)/, '/$1');
    let r = request(t.http)[op.method](url).set('SERVICE_API_TOKEN', tokenFor(op.path));
    for (const [name, value] of Object.entries(req.header))
      if (value !== undefined) r = r.set(name, asText(value));
    if (how.accept) r = r.set('Accept', how.accept);
    if (op.multipart && isObject(req.body)) {
      const files = fileParts(op);
      if (Object.values(req.body).every((v) => v === undefined))
        // No part at all: still a multipart body (its file is missing), as a client would send it.
        return r.set('Content-Type', 'multipart/form-data; boundary=empty').send('--empty--\r\n');
      for (const [name, value] of Object.entries(req.body)) {
        if (value === undefined) continue;
        // A file part carries a real image (the generated text only picks which one).
        if (files.includes(name))
          r = r.attach(name, images[asText(value).length % images.length], {
            filename: 'upload.bin',
            contentType: 'application/octet-stream',
          });
        else r = r.field(name, asText(value));
      }
      return r;
    }
    if (req.body !== undefined)
      r = r.set('Content-Type', 'application/json').send(JSON.stringify(req.body));
    return r;
  }

  /** Learns what the answer created or names, for later requests and the final checks. */
  function observe(op: Operation, res: Response): void {
    const link = LOG_LINK.exec(res.text) ?? /logentry\/detail\/([0-9a-f-]{36})/.exec(res.text);
    if (link) pools.logIds.push(link[1]);
    if (res.status >= 300) return;
    if (ACKNOWLEDGEMENTS.includes(op.operationId)) {
      const results = (Array.isArray(res.body) ? res.body : [res.body]) as {
        purchaseOrderNumber: string;
        statuses: { recipeSetId: string }[];
      }[];
      for (const r of results) {
        acknowledged.add(r.purchaseOrderNumber);
        pools.orders.set(
          r.purchaseOrderNumber,
          r.statuses.map((s) => s.recipeSetId),
        );
      }
    }
    // A sandbox client takes no ServiceAdmin token (a 400 by the rules, not the schema): only live
    // clients join the handles valid requests name.
    if (op.operationId === 'createClient' && res.body.sandbox !== true)
      pools.handles.push(res.body.handle);
    if (op.operationId === 'issueToken') pools.tokens.push(res.body.id, res.body.prefix);
    if (op.operationId === 'createProduct') pools.products.push(res.body.data.handle);
    if (op.operationId === 'createRecipeSet') {
      pools.recipeSets.push(res.body.data.readableId);
      pools.designed.push(res.body.data.readableId);
      pools.uuids.push(res.body.data.uuid);
    }
    if (op.operationId === 'uploadCatalogImage') {
      pools.catalogImages.push(res.body.data.id);
      if (res.headers['idempotent-replayed'] !== 'true') uploads.add(res.body.data.id);
    }
    if (op.operationId === 'generateImage' && res.status === 201) {
      pools.assetIds.push(String(res.body.data.id));
      uploads.add(res.body.data.id);
    }
    if (op.operationId === 'uploadAsset') {
      pools.assetIds.push(String(res.body.data.id));
      if (res.headers['idempotent-replayed'] !== 'true') uploads.add(res.body.data.id);
    }
  }

  /** Hostile values: garbage of every shape, where the API expects ids, bodies and headers. */
  describe('hostile requests', () => {
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

    /** A body shaped like the real payloads, with fields replaced by hostile values. */
    const shapedBody = fc.record(
      {
        purchaseOrderNumber: fc.oneof(text, fc.integer()),
        orderDate: fc.oneof(
          text,
          fc.constantFrom('2026-03-30', '2022-01-31T13:15:05.2151663-05:00'),
        ),
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
    /** Path segments as sent: encoded values, and raw malformed percent-encodings. */
    const pathSegment = fc.oneof(
      fc
        .oneof(
          text,
          fc.constantFrom(...HOSTILE, 'AAAA2222', '3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11'),
        )
        .map((v) => encodeURIComponent(v)),
      fc.constantFrom('%E0', '%ZZ', '%ED%A0%80', '%', '%00', '%2e%2e'),
    );

    for (const op of operations) {
      it(
        `${show(op)} never answers 5xx`,
        async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.array(pathSegment, { minLength: 5, maxLength: 5 }),
              body,
              fc.option(fc.stringMatching(/^[\x21-\x7e]{0,300}$/), { nil: undefined }),
              fc.boolean(),
              async (params, payload, idempotencyKey, asProblem) => {
                let i = 0;
                const path = op.path.replace(
                  /\{[^}]+\}/g,
                  () => params[i++] || pools.recipeSets[0],
                );
                let req = request(t.http)
                  [op.method](path)
                  .set('SERVICE_API_TOKEN', tokenFor(op.path));
                if (asProblem) req = req.set('Accept', 'application/problem+json');
                if (idempotencyKey !== undefined)
                  req = req.set('Idempotency-Key', idempotencyKey || 'k');
                if (op.body) req = req.set('Content-Type', 'application/json').send(payload);
                const res = await req;
                observe(op, res);
                if (res.status >= 500)
                  throw new Error(
                    `${op.method.toUpperCase()} ${path} -> ${res.status}: ${res.text.slice(0, 300)}`,
                  );
              },
            ),
            PARAMETERS,
          );
        },
        TIMEOUT,
      );
    }
  });

  /** Multipart bodies of every malformation, for the operations that take files. */
  describe('hostile multipart requests', () => {
    interface Part {
      name: string;
      filename?: string;
      type?: string;
      content: Buffer;
    }

    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', '"', '\r\n', 'é'));
    const partName = fc.oneof(
      fc.constantFrom('file', 'image', 'file[]', 'file[0]', 'a[b][c]', 'userFacingFileName'),
      fc.constantFrom(
        'organizationIdentifier',
        'clientAccountReference',
        '',
        '__proto__',
        'constructor',
      ),
      text,
    );
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
      text.map((t) => Buffer.from(t)),
      fc
        .constantFrom(
          () => EXE_BYTES,
          () => pngBomb(),
          () => images[0].subarray(0, images[0].length >> 1),
          () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
          () => images[0],
          () => Buffer.alloc(5000, 'x'),
        )
        .map((f) => f()),
    );
    const part: fc.Arbitrary<Part> = fc.record({
      name: partName,
      filename: fc.option(
        fc.oneof(
          text,
          fc.constantFrom('logo.png', '../../etc/passwd', 'a\u0000b.png', 'é漢字.gif'),
        ),
        { nil: undefined },
      ),
      type: fc.option(fc.constantFrom('image/png', 'image/svg+xml', 'text/plain; charset=latin1'), {
        nil: undefined,
      }),
      content,
    });
    /** A well-formed image part, so that the other parts and the framing decide the answer. */
    const imagePart = fc.nat().map((n): Part => ({
      name: 'file',
      filename: 'logo.png',
      content: images[n % images.length],
    }));
    const parts = fc
      .tuple(fc.option(imagePart, { nil: undefined }), fc.array(part, { maxLength: 4 }), fc.nat())
      .map(([image, others, at]) => {
        if (!image) return others;
        const list: Part[] = [...others];
        list.splice(at % (list.length + 1), 0, image);
        return list;
      });
    const boundary = fc.oneof(
      fc.constant('BOUNDARY'),
      fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
    );
    /** How the Content-Type names the body: right, with another boundary, without one, other. */
    const header = fc.constantFrom('right', 'other-boundary', 'no-boundary', 'mixed', 'none');

    /** The body, cut after `cut` bytes (modulo its length) when given. */
    function multipart(b: string, parts: Part[], cut?: number): Buffer {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
        chunks.push(
          Buffer.from(
            `--${b}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
          ),
          p.content,
          Buffer.from('\r\n'),
        );
      }
      chunks.push(Buffer.from(`--${b}--\r\n`));
      const body = Buffer.concat(chunks);
      return cut === undefined ? body : body.subarray(0, cut % (body.length + 1));
    }

    for (const op of operations.filter((o) => o.multipart)) {
      it(
        `${show(op)} never answers 5xx, nor 2xx without exactly one image in its file part`,
        async () => {
          await fc.assert(
            fc.asyncProperty(
              boundary,
              parts,
              fc.option(fc.nat(), { nil: undefined }),
              header,
              fc.boolean(),
              async (b, parts, cut, how, asProblem) => {
                const body = multipart(b, parts, cut);
                const contentType = {
                  right: `multipart/form-data; boundary=${b}`,
                  'other-boundary': 'multipart/form-data; boundary=elsewhere',
                  'no-boundary': 'multipart/form-data',
                  mixed: `multipart/mixed; boundary=${b}`,
                  none: undefined,
                }[how];
                let req = request(t.http)
                  [op.method](op.path)
                  .set('SERVICE_API_TOKEN', tokenFor(op.path));
                if (asProblem) req = req.set('Accept', 'application/problem+json');
                if (contentType) req = req.set('Content-Type', contentType);
                const res = await req.send(body);
                observe(op, res);
                if (res.status >= 500)
                  throw new Error(`${show(op)} -> ${res.status}: ${res.text.slice(0, 300)}`);
                // A file part as the wire says it: a quote or a line break in a filename breaks
                // its Content-Disposition (written unescaped above), and the parser drops such a
                // part, as it drops any part it cannot read.
                const files = parts.filter(
                  (p) => p.filename !== undefined && !/["\r\n]/.test(p.filename),
                );
                if (res.status < 300 && (files.length !== 1 || how !== 'right'))
                  throw new Error(
                    `${show(op)} accepted ${files.length} files (${how}): ${res.text.slice(0, 300)}`,
                  );
              },
            ),
            PARAMETERS,
          );
        },
        TIMEOUT,
      );
    }
  });

  describe('valid requests (derived from the schemas)', () => {
    for (const op of operations) {
      it(
        `${show(op)}: never 5xx, never refused as invalid`,
        async () => {
          const statuses: number[] = [];
          const succeeded = () => statuses.filter((s) => s >= 200 && s < 300).length;
          const check = async (generated: GeneratedRequest, n: number, how: Transport) => {
            const req = prepare(op, generated, n);
            const res = await send(op, req, how);
            statuses.push(res.status);
            observe(op, res);
            if (res.status >= 500 || res.status === 400)
              throw new Error(
                `${show(op)} -> ${res.status}: ${res.text.slice(0, 300)}\nfor ${describeRequest(req)}`,
              );
            if (
              res.status === 200 &&
              (op.operationId === 'acknowledgeOrder' || op.operationId === 'submitOrder')
            )
              await readBack(req.body as Record<string, unknown>, res.body.purchaseOrderNumber);
          };
          await fc.assert(
            fc.asyncProperty(gen.request(op), fc.nat(), transport, check),
            PARAMETERS,
          );
          if (ACKNOWLEDGEMENTS.includes(op.operationId)) {
            // Else the generator has degraded into producing only refused input. A share is only
            // meaningful over enough runs (CI's few runs of random seeds would fail on chance:
            // 2 of 6 at a true rate of 0.6 happens one time in five); over few, one must pass.
            // None in a few runs happens by chance too (0 of 4 at a true rate of 0.5: one time
            // in 16), so more requests, each checked the same way, are drawn until one passes:
            // none in 40 more is a degraded generator, not chance.
            if (statuses.length < MIN_RUNS_FOR_SHARE && succeeded() === 0) {
              const more = fc.tuple(gen.request(op), fc.nat(), transport);
              for (const [generated, n, how] of fc.sample(more, { numRuns: 40, seed: SEED })) {
                await check(generated, n, how);
                if (succeeded() > 0) break;
              }
            }
            if (statuses.length >= MIN_RUNS_FOR_SHARE)
              expect(succeeded() / statuses.length).toBeGreaterThanOrEqual(MIN_ACK_SUCCESS);
            else expect(succeeded()).toBeGreaterThanOrEqual(1);
          }
        },
        TIMEOUT,
      );
    }

    /** The order reads back as acknowledged: its date (to the millisecond) and its lines. */
    async function readBack(sent: Record<string, unknown>, po: string): Promise<void> {
      const res = await request(t.http)
        .get(`/api/order/order-number/${encodeURIComponent(po)}`)
        .set('SERVICE_API_TOKEN', admin.token);
      expect(res.status).toBe(200);
      expect(res.body.orderDateTime).toBe(instant(sent.orderDate as string).toISOString());
      const lines = [sent.lineItems, sent.recipeSets].flatMap((l): unknown[] =>
        Array.isArray(l) ? l : [],
      );
      expect(res.body.lineItems).toHaveLength(lines.length);
    }
  });

  describe('invalid requests (one schema rule broken)', () => {
    for (const op of operations.filter((o) => o.body || o.multipart || o.parameters.length > 0)) {
      it(
        `${show(op)}: answered 4xx, never 2xx or 5xx`,
        async () => {
          await fc.assert(
            fc.asyncProperty(gen.request(op), fc.nat(), fc.nat(), async (generated, n, k) => {
              const req = prepare(op, generated, n);
              const variants = gen
                .variants(op, req, MUTATIONS)
                .filter(
                  (v) => !op.multipart || v.where !== 'body' || MULTIPART_BREAKS.test(v.label),
                );
              if (variants.length === 0) return;
              const variant = variants[k % variants.length];
              // Only the header variants keep a header: a reused Idempotency-Key answers 422 first.
              const mutated = variant.request();
              const sent = variant.where === 'header' ? mutated : { ...mutated, header: {} };
              const res = await send(op, sent);
              observe(op, res);
              const expected =
                variant.where === 'path'
                  ? res.status >= 400 && res.status < 500
                  : res.status === 400;
              if (!expected)
                throw new Error(
                  `${show(op)} with ${variant.label} -> ${res.status}: ${res.text.slice(0, 300)}\nfor ${describeRequest(sent)}`,
                );
            }),
            PARAMETERS,
          );
        },
        TIMEOUT,
      );
    }
  });

  it('answers 413 to a body over JSON_BODY_LIMIT, for every operation with a body', async () => {
    // JSON operations only: a multipart body is refused by its own limit (MAX_UPLOAD_BYTES).
    const huge = JSON.stringify({ purchaseOrderNumber: 'x'.repeat(6 * 1024 * 1024) });
    for (const op of operations.filter((o) => o.body)) {
      const res = await send(op, {
        path: { clientHandle: admin.handle },
        query: {},
        // The rate-limited routes name their client (else 400 before the body is read).
        header: { clientHandle: admin.handle },
        body: undefined,
      })
        .set('Content-Type', 'application/json')
        .send(huge);
      expect([op.operationId, res.status]).toEqual([op.operationId, 413]);
    }
  });

  it('leaves exactly the acknowledged orders behind, none half-written', async () => {
    const broken: unknown[] = await t.dataSource.query(HALF_WRITTEN_ORDERS);
    expect(broken).toEqual([]);
    const stored: { po: string }[] = await t.dataSource.query(
      'SELECT purchase_order_number AS po FROM purchase_order WHERE client_id = $1',
      [admin.id],
    );
    expect(stored.map((r) => r.po).sort()).toEqual([...acknowledged].sort());
    expect(acknowledged.size).toBeGreaterThan(0);
    // Recipe sets are Ordered (or beyond) exactly when an order names them.
    const recipeSets: { readable: string; status: string; ordered: boolean }[] =
      await t.dataSource.query(
        `SELECT r.readable_id AS readable, r.status,
                EXISTS (SELECT 1 FROM order_line_item li WHERE li.recipe_set_id = r.id) AS ordered
         FROM recipe_set r`,
      );
    expect(recipeSets.filter((r) => r.ordered === (r.status === 'Created'))).toEqual([]);
    expect(recipeSets.some((r) => r.ordered)).toBe(true);
    const history: unknown[] = await t.dataSource.query(`
      SELECT h.id FROM line_item_history h LEFT JOIN order_line_item li ON li.id = h.line_item_id
      WHERE li.id IS NULL OR li.order_id <> h.order_id`);
    expect(history).toEqual([]);
    const inFlight: unknown[] = await t.dataSource.query(UNFINISHED_IDEMPOTENCY_KEYS);
    expect(inFlight).toEqual([]);
  });

  it('leaves exactly the accepted uploads behind, each with its stored image', async () => {
    const stored: { id: number; key: string }[] = await t.dataSource.query(
      'SELECT id, blob_key AS key FROM uploaded_asset',
    );
    expect(stored.map((r) => r.id).sort((x, y) => x - y)).toEqual(
      [...uploads].sort((x, y) => x - y),
    );
    expect(uploads.size).toBeGreaterThan(0);
    const store = t.app.get(BlobStore);
    const missing = [];
    for (const { id, key } of stored) if (!(await store.stat(key))) missing.push(id);
    expect(missing).toEqual([]);
  });
});
