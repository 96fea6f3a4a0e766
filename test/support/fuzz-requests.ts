import fc from 'fast-check';
import { ADDRESS_REQUIRED } from '../../src/orders';
import { validDesign, validOptions, validPrintSettings, validProduct } from './fuzz-designs';
import { asText, GeneratedRequest, Operation, Override } from './openapi-arbitraries';

/**
 * What the fuzz suite knows beyond the OpenAPI document: the resources a run has created (valid
 * requests name them as well as random ids) and the rules a valid request follows beyond the
 * schema (`prepare`).
 */
/** What the run has created so far: valid requests name these as well as random ids. */
export const pools = {
  /** Readable ids and UUIDs of the fuzzing client's recipe sets. */
  recipeSets: [] as string[],
  uuids: [] as string[],
  /** Another client's recipe sets: well-formed, but never found. */
  foreign: [] as string[],
  /** Acknowledged purchase order numbers with the readable ids of their recipe sets. */
  orders: new Map<string, string[]>(),
  logIds: [] as string[],
  /** Ids and prefixes of tokens issued during the run (never the fuzzing client's own). */
  tokens: [] as string[],
  handles: [] as string[],
  /** Ids of uploaded assets. */
  assetIds: [] as string[],
  /** Catalog images (uploads) of the fuzzing client, for product layers. */
  catalogImages: [] as number[],
  /** Handles of the fuzzing client's products. */
  products: [] as string[],
  /** Readable ids of recipe sets designed on a product. */
  designed: [] as string[],
};

/** Mostly one of `pool()` (when there is one), else the schema's own value. */
export const oneOf =
  (pool: () => readonly string[], weight = 3): Override =>
  (own) =>
    fc.oneof(
      {
        weight,
        arbitrary: fc.tuple(fc.nat(), fc.boolean(), own).map(([n, lower, fallback]) => {
          const list = pool();
          if (list.length === 0) return fallback;
          const id = list[n % list.length];
          // Readable ids and UUIDs are case-insensitive.
          return lower ? id.toLowerCase() : id;
        }),
      },
      { weight: 1, arbitrary: own },
    );

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nonBlank = (v: unknown) => typeof v === 'string' && v.trim() !== '';

let sequence = 0;
/** The default SIGNED_URL_MAX_SECONDS (the fuzzed app's). */
const SIGNED_URL_MAX_SECONDS = 2_592_000;

/**
 * Rules beyond the schema that a valid acknowledgement must follow, applied to a generated one:
 * at least one line naming a recipe set (recipeSetId or recipeSetUuid); for POST /api/order both
 * addresses with the fields it requires; and a purchase order number not taken yet (made unique
 * with a suffix, except now and then, to exercise 409).
 */
function acknowledgement(
  body: unknown,
  { requireAddresses, n }: { requireAddresses: boolean; n: number },
): unknown {
  if (!isObject(body)) return body;
  const order = { ...body };
  const lines = [order.lineItems, order.recipeSets].flatMap((l): unknown[] =>
    Array.isArray(l) ? l : [],
  );
  const someRecipeSet = () => pools.recipeSets[n % pools.recipeSets.length];
  if (lines.length === 0) order.lineItems = [{ recipeSetId: someRecipeSet() }];
  for (const key of ['lineItems', 'recipeSets']) {
    if (!Array.isArray(order[key])) continue;
    order[key] = (order[key] as unknown[]).map((line) =>
      isObject(line) && !nonBlank(line.recipeSetId) && !nonBlank(line.recipeSetUuid)
        ? { ...line, recipeSetId: someRecipeSet() }
        : line,
    );
  }
  if (requireAddresses) {
    for (const key of ['customerAddress', 'shippingAddress']) {
      const address = isObject(order[key]) ? { ...order[key] } : {};
      for (const field of ADDRESS_REQUIRED) if (!nonBlank(address[field])) address[field] = 'Fill';
      order[key] = address;
    }
  }
  if (n % 10 !== 0 || !pools.orders.has(String(order.purchaseOrderNumber))) {
    const base = [...String(order.purchaseOrderNumber)].slice(0, 90).join('');
    order.purchaseOrderNumber = `${base}~${++sequence}`;
  }
  return order;
}

const EARLIEST = Date.parse('0001-01-01T00:00:00Z');

/**
 * The search rules beyond the schema: without ignoreDateRestriction a start date is required, at
 * most 31 days before the end (default: now); with it, a start must not be after the end.
 */
function search(body: unknown, n: number): unknown {
  if (!isObject(body)) return body;
  const b = { ...body };
  const at = (v: unknown) => (typeof v === 'string' ? instant(v).getTime() : undefined);
  const end = at(b.lastModificationEndDate);
  if (b.ignoreDateRestriction !== true) {
    const days = (n % 3000) / 100;
    const start = Math.max((end ?? Date.now()) - days * 86_400_000, EARLIEST);
    b.lastModificationStartDate = new Date(start).toISOString();
  } else {
    const start = at(b.lastModificationStartDate);
    if (start !== undefined && start > (end ?? Date.now()))
      [b.lastModificationStartDate, b.lastModificationEndDate] = [
        b.lastModificationEndDate ?? new Date().toISOString(),
        b.lastModificationStartDate,
      ];
  }
  return b;
}

/**
 * The orders list's rules beyond the schema: a cursor is one the list answered (a made-up one is
 * 400), and each range's start is not after its end (swapped when it is).
 */
function orderListQuery(query: Record<string, unknown>): Record<string, unknown> {
  const q = { ...query };
  delete q.cursor;
  for (const [from, to] of [
    ['orderedFrom', 'orderedTo'],
    ['modifiedFrom', 'modifiedTo'],
  ]) {
    const [start, end] = [q[from], q[to]];
    if (typeof start === 'string' && typeof end === 'string' && instant(start) > instant(end))
      [q[from], q[to]] = [end, start];
  }
  return q;
}

/** Status updates and ship notifications mostly name line items of the order they name. */
function update(body: unknown, n: number): unknown {
  if (!isObject(body) || !Array.isArray(body.lineItems)) return body;
  const ids = pools.orders.get(String(body.purchaseOrderNumber));
  if (!ids || n % 4 === 0) return body;
  return {
    ...body,
    lineItems: (body.lineItems as unknown[]).map((line, i) =>
      isObject(line) ? { ...line, recipeSetReadableId: ids[(n + i) % ids.length] } : line,
    ),
  };
}

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const DESIGN_POOLS = {
  assetIds: () => pools.assetIds,
  fonts: ['roboto', 'roboto-bold', 'lobster', 'OSWALD'],
};

/**
 * A render request drawn small. Sizes up to the maximum are valid, but a large one is drawn at up
 * to 4096 px: seconds a request. Kept small here, in the query and the path (the HTTP tests cover
 * large sizes), so the run tests breadth.
 */
function smallRender(req: GeneratedRequest): GeneratedRequest {
  const small = (values: Record<string, unknown>, sides: string[]) => {
    const out = { ...values };
    for (const side of sides)
      if (typeof out[side] === 'number' && out[side] > 512) out[side] = 1 + (out[side] % 512);
    return out;
  };
  const query = small(req.query, ['width', 'height', 'w', 'h']);
  // `crop` in units of the render's width and height: its values must lie within them, which
  // the schema cannot say (the HTTP tests cover the units); here crop is in pixels.
  delete query.cropxunits;
  delete query.cropyunits;
  return { ...req, path: small(req.path, ['width', 'height']), query };
}

/** A generated request made valid under the rules beyond the schema (see above). */
export function prepare(op: Operation, req: GeneratedRequest, n: number): GeneratedRequest {
  // renderRecipeSet, renderRecipeSetView and the path-segment forms (renderRecipeSetWidth, …).
  if (op.operationId.startsWith('renderRecipeSet')) return smallRender(req);
  switch (op.operationId) {
    case 'acknowledgeOrder':
    case 'submitOrder':
      return {
        ...req,
        body: acknowledgement(req.body, { requireAddresses: op.operationId === 'submitOrder', n }),
      };
    case 'acknowledgeOrders':
      return {
        ...req,
        body: Array.isArray(req.body)
          ? req.body.map((o, i) => acknowledgement(o, { requireAddresses: false, n: n + i }))
          : req.body,
      };
    case 'searchOrders':
      return { ...req, body: search(req.body, n) };
    case 'shipNotification':
    case 'postOrderStatus':
    case 'putOrderStatus':
      return { ...req, body: update(req.body, n) };
    case 'createProduct':
    case 'replaceProduct': {
      // The images are the fuzzing client's: a path naming another (real) client names it instead.
      const path = pools.handles.includes(String(req.path.clientHandle))
        ? { ...req.path, clientHandle: pools.handles[0] }
        : req.path;
      const handle = String(req.path.productHandle).trim();
      const keep = op.operationId === 'replaceProduct' && HANDLE.test(handle) ? handle : undefined;
      return { ...req, path, body: validProduct(req.body, pools.catalogImages, keep) };
    }
    case 'replacePrintSettings':
      return { ...req, body: validPrintSettings(req.body, n) };
    case 'createRecipeSet':
    case 'replaceRecipeSetDesign': {
      if (!isObject(req.body)) return req;
      // Designs change on recipe sets designed on a product (the blank ones made for orders have none).
      const id = asText(req.path.recipeSetId ?? '');
      const path =
        op.operationId === 'replaceRecipeSetDesign' &&
        [...pools.recipeSets, ...pools.uuids].some((r) => r.toLowerCase() === id.toLowerCase())
          ? { ...req.path, recipeSetId: pools.designed[n % pools.designed.length] }
          : req.path;
      return {
        ...req,
        path,
        body: {
          ...req.body,
          // A product of the client (an unknown one is 404 whatever the design: the e2e tests cover it).
          ...(op.operationId === 'createRecipeSet'
            ? { productHandle: pools.products[0], options: validOptions(n) }
            : {}),
          design: validDesign(req.body.design, n, DESIGN_POOLS),
        },
      };
    }
    case 'setClientPlan': {
      // Never the fuzzing client's plan (its limits are set past the run), and a plan by name or
      // limit and windowSeconds together (the schema cannot say so).
      const path =
        req.path.clientHandle === pools.handles[0] ? { clientHandle: pools.handles[1] } : req.path;
      if (!isObject(req.body)) return { ...req, path };
      const { limit, windowSeconds } = req.body;
      if (typeof limit === 'number' && typeof windowSeconds === 'number') return { ...req, path };
      return { ...req, path, body: { plan: 'standard' } };
    }
    case 'sendShare': {
      // Recipients need a recipe set to share (the schema cannot say so: a 400 by the rules).
      if (!isObject(req.body) || asText(req.body.recipeSetReadableId ?? '').trim() !== '')
        return req;
      const some = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string');
      if (!some(req.body.emailAddresses) && !some(req.body.phoneNumbers)) return req;
      return {
        ...req,
        body: { ...req.body, recipeSetReadableId: pools.designed[n % pools.designed.length] },
      };
    }
    case 'createWebhookEndpoint':
    case 'updateWebhookEndpoint': {
      // A URL the target rules accept (the schema cannot say which hosts are refused): a public
      // address, written as one, so that no DNS is asked. Nothing is delivered (no workers).
      if (
        !isObject(req.body) ||
        (op.operationId === 'updateWebhookEndpoint' && !('url' in req.body))
      )
        return req;
      return { ...req, body: { ...req.body, url: `https://93.184.216.34/hooks/${n}` } };
    }
    case 'updateClient': {
      // A currency Intl knows and https URLs (the schema cannot say which codes Intl knows, nor
      // what makes a URL one a page may link to).
      if (!isObject(req.body)) return req;
      const body = { ...req.body };
      if ('currency' in body) body.currency = ['EUR', 'usd', 'CHF', 'gbp'][n % 4];
      for (const key of ['signInUrl', 'storefrontUrl'])
        if (typeof body[key] === 'string') body[key] = `https://shop.example.com/${key}/${n}`;
      return { ...req, body };
    }
    case 'listWebhookDeliveries': {
      // A cursor is one the service answered (`next`): a made-up one is refused, 400.
      const query = { ...req.query };
      delete query.cursor;
      return { ...req, query };
    }
    case 'listOrders':
    case 'countOrdersByStatus':
      return { ...req, query: orderListQuery(req.query) };
    case 'listEvents': {
      // The same for the event log's (sealed) cursor.
      const query = { ...req.query };
      delete query.after;
      return { ...req, query };
    }
    case 'signRenderUrl': {
      if (!isObject(req.body) || pools.designed.length === 0) return req;
      // A render URL of one of the client's designed recipe sets, within the lifetime allowed.
      const seconds = req.body.expiresInSeconds;
      return {
        ...req,
        body: {
          ...req.body,
          url: `/api/assets/generated/recipeset/readable/${pools.designed[n % pools.designed.length]}/north?width=${1 + (n % 500)}`,
          ...(typeof seconds === 'number' && seconds > SIGNED_URL_MAX_SECONDS
            ? { expiresInSeconds: 1 + (seconds % SIGNED_URL_MAX_SECONDS) }
            : {}),
        },
      };
    }
    case 'setClientPlan': {
      // Never the fuzzing client's plan (its limits are set past the run), and a plan by name or
      // limit and windowSeconds together (the schema cannot say so).
      const path =
        req.path.clientHandle === pools.handles[0] ? { clientHandle: pools.handles[1] } : req.path;
      if (!isObject(req.body)) return { ...req, path };
      const { limit, windowSeconds } = req.body;
      if (typeof limit === 'number' && typeof windowSeconds === 'number') return { ...req, path };
      return { ...req, path, body: { plan: 'standard' } };
    }
    case 'sendShare': {
      // Recipients need a recipe set (the schema cannot say so): one designed on a product.
      if (!isObject(req.body) || req.body.recipeSetReadableId || pools.designed.length === 0)
        return req;
      return {
        ...req,
        body: { ...req.body, recipeSetReadableId: pools.designed[n % pools.designed.length] },
      };
    }
    case 'generateImage':
      return namingClient(imageRequest(req, n));
    case 'moderateArtwork':
    case 'moderateMachine':
      return namingClient({ ...req, body: placement(req.body) });
    case 'changeSkuAvailability':
      return { ...req, body: skuChange(req.body, n) };
    default:
      return req;
  }
}

/** Fonts of GET /api/fonts, by handle and by family, in any case. */
const IMAGE_FONTS = ['roboto', 'LOBSTER', 'Open Sans', 'playfair-display-bold'];

/**
 * Image generation takes the body of the generator its path names (the schema lists them as
 * alternatives): the path names the first alternative the body satisfies, in the document's order
 * (text before qr: a short text suits both). A font names a bundled one, and sizes stay small
 * (the HTTP tests cover large ones), so that the run tests breadth.
 */
function imageRequest(req: GeneratedRequest, n: number): GeneratedRequest {
  if (!isObject(req.body)) return req;
  const body = { ...req.body };
  const text = typeof body.text === 'string' ? [...body.text] : undefined;
  const generator =
    'letters' in body
      ? 'monogram'
      : 'seed' in body
        ? 'pattern'
        : text && text.length <= 200 && /\S/.test(body.text as string)
          ? 'text'
          : 'qr';
  if (typeof body.font === 'string') body.font = IMAGE_FONTS[n % IMAGE_FONTS.length];
  if (typeof body.size === 'number' && body.size > 256)
    body.size = generator === 'text' ? 8 + (body.size % 120) : 64 + (body.size % 192);
  return { ...req, path: { ...req.path, generator }, body };
}

/**
 * Rate-limited routes name their client (header or query parameter, both optional in the schema:
 * none is a 400 by the rules, an unknown one a 404): the fuzzing client's, whose plan is set far
 * past the run (clients the run creates have the default plan).
 */
function namingClient(req: GeneratedRequest): GeneratedRequest {
  const query = { ...req.query };
  delete query.clientHandle;
  return { ...req, query, header: { ...req.header, clientHandle: pools.handles[0] } };
}

/** A location needs a product, and a product with several locations needs one of them. */
function placement(body: unknown): unknown {
  if (!isObject(body)) return body;
  const b = { ...body };
  if (!nonBlank(b.productHandle) && nonBlank(b.location)) b.productHandle = pools.products[0];
  if (nonBlank(b.productHandle) && !nonBlank(b.location)) b.location = 'front';
  return b;
}

/**
 * The rules of a SKU change beyond the schema: a percentage between -100 and 1000, effectiveUntil
 * after effectiveFrom, and an expected date for backorder.
 */
function skuChange(body: unknown, n: number): unknown {
  if (!isObject(body)) return body;
  const b = { ...body };
  if (isObject(b.adjustment)) {
    const a = { ...b.adjustment };
    const percentage = typeof a.type === 'string' && a.type.toLowerCase() === 'percentage';
    if (percentage && typeof a.value === 'number' && (a.value < -100 || a.value > 1000))
      a.value = (Math.abs(Math.trunc(a.value)) % 1101) - 100;
    const at = (v: unknown) => (typeof v === 'string' ? instant(v).getTime() : undefined);
    const from = at(a.effectiveFrom);
    const until = at(a.effectiveUntil);
    if (from !== undefined && until !== undefined && from >= until) a.effectiveUntil = null;
    b.adjustment = a;
  }
  if (isObject(b.availability)) {
    const a = { ...b.availability };
    const backorder = typeof a.status === 'string' && a.status.toLowerCase() === 'backorder';
    if (backorder && (a.expectedDate === undefined || a.expectedDate === null))
      a.expectedDate = `2027-0${1 + (n % 9)}-15`;
    b.availability = a;
  }
  return b;
}

/**
 * The instant an ISO 8601 text names (as the generator writes them), computed independently of
 * the application's parser.
 */
export function instant(text: string): Date {
  const m =
    /^(\d{4})-(\d\d)-(\d\d)(?:[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|z|[+-]\d\d:\d\d))?$/.exec(
      text,
    );
  if (!m) throw new Error(`not an ISO 8601 date the generator writes: ${text}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const at = new Date(0);
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), Number(s), Number((frac + '000').slice(0, 3)));
  const offset = /^[+-]/.test(zone)
    ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)))
    : 0;
  return new Date(at.getTime() - offset * 60_000);
}
