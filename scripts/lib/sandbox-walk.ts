/**
 * The sandbox check's walk: what a sandbox client does, through the public API only, to make the
 * service record one event (at least) of every type, printing a line per step.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { CurrentClient, Endpoint, Product, SandboxApi } from './sandbox-api';
import { EventTrail, WalkTrace } from './sandbox-report';

/** A setup the check cannot run with: the lines saying what to do (exit status 2). */
export class SetupError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

export interface WalkContext {
  api: SandboxApi;
  trail: EventTrail;
  trace: WalkTrace;
  client: CurrentClient;
  endpoints: Endpoint[];
  /** Prints one line of progress. */
  step: (line: string) => void;
  /** How long to wait for the print files and for the invitation e-mail. */
  timeoutMs: number;
  pollMs: number;
  /** What makes this run's purchase order numbers and e-mail address unique. */
  stamp: string;
}

/** The address a design is shared with: the sandbox holds the e-mail, never sends it. */
export const SHARE_RECIPIENT = 'sandbox@example.com';
/** The characters of readable ids after `FAIL`. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `FAIL` and 4 random characters: a sandbox recipe set whose print files fail for good. */
export function failingReadableId(): string {
  return `FAIL${Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('')}`;
}

/** Calls `probe` every `pollMs` until it answers something, or `timeoutMs` has passed. */
async function poll<T>(
  ctx: WalkContext,
  probe: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const deadline = Date.now() + ctx.timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined || Date.now() >= deadline) return found;
    await sleep(ctx.pollMs);
  }
}

/** Walks through every event type; what it made is added to `ctx.trace` as it goes. */
export async function walk(ctx: WalkContext): Promise<void> {
  const { api, trace, step } = ctx;
  for (const [i, endpoint] of ctx.endpoints.entries()) {
    const eventId = await api.ping(endpoint.id);
    trace.pingEventIds.add(eventId);
    step(`webhook.ping sent to endpoint #${i + 1} (${eventId})`);
  }

  const product = await pickProduct(ctx);
  const design = designFor(product);
  const po = `SANDBOX-CHECK-${ctx.stamp}`;
  const first = await api.createRecipeSet({ productHandle: product.handle, design });
  trace.recipeSets.add(first);
  step(`recipe set ${first} created on product ${product.handle}`);
  await acknowledge(ctx, po, first);

  step(`waiting for the print files of ${first} (made by the worker)…`);
  const ready = await poll(ctx, async () =>
    (await ctx.trail.poll()).find(
      (e) => e.type === 'print_files.ready' && e.data.recipeSetReadableId === first,
    ),
  );
  step(
    ready
      ? `print files of ${first} ready (${ready.id})`
      : `no print_files.ready for ${first} within ${ctx.timeoutMs / 1000} s; going on`,
  );

  const advanced = await api.sandboxOrder(po, 'advance', {
    recipeSetReadableId: first,
    to: 'in-progress',
  });
  step(`order ${po} advanced to in-progress: ${advanced.details}`);
  const shipped = await api.sandboxOrder(po, 'ship', {
    packages: [
      {
        recipeSetReadableIds: [first],
        shipmentVendor: 'Sandbox Parcel',
        shipmentTracking: [`SC${ctx.stamp}`],
      },
    ],
  });
  step(`order ${po} shipped: ${shipped.details}`);

  const failing = await api.createRecipeSet({
    productHandle: product.handle,
    readableId: failingReadableId(),
    design,
  });
  trace.recipeSets.add(failing);
  step(`recipe set ${failing} created (a FAIL… id: its print files will fail)`);
  await acknowledgeWithWarning(ctx, `${po}-FAIL`, failing, product);

  const shared = await api.share({ emailAddresses: [SHARE_RECIPIENT], recipeSetReadableId: first });
  step(`design ${first} shared with ${SHARE_RECIPIENT} (${shared.sent} held, never sent)`);

  await inviteAndAccept(ctx);
}

/** The first product of the client's catalog whose designs may be shared (else the first). */
async function pickProduct(ctx: WalkContext): Promise<Product> {
  const handles = await ctx.api.productHandles(ctx.client.handle);
  if (handles.length === 0)
    throw new SetupError([
      `The catalog of ${ctx.client.handle} has no product to design on.`,
      `Add one with POST /api/catalog/${ctx.client.handle}/products, or have the operator run \`pci catalog install-demo ${ctx.client.handle}\`.`,
    ]);
  let first: Product | undefined;
  for (const handle of handles.slice(0, 10)) {
    const product = await ctx.api.product(ctx.client.handle, handle);
    first ??= product;
    if (product.sharingEnabled !== false) return product;
  }
  return first!;
}

/** One line of text in the middle of the product's first location. */
export function designFor(product: Product): Record<string, unknown> {
  const [location] = product.locations;
  const { widthMm, heightMm } = location.printArea;
  return {
    [location.handle]: {
      elements: [
        {
          type: 'text',
          text: 'Sandbox check',
          font: 'roboto-bold',
          size: Math.max(1, Math.min(24, Math.floor(heightMm * 1.5))),
          colour: '#000000',
          x: widthMm / 2,
          y: heightMm / 2,
          align: 'center',
        },
      ],
    },
  };
}

/** A SKU no catalog lists: the `warn` SKU policy accepts an order of it with an order.warning. */
export const UNLISTED_SKU = 'SANDBOX-CHECK-UNLISTED';

/**
 * Acknowledges a purchase order of one line item whose SKU the product does not list, under the
 * `warn` SKU policy (order.warning), setting the client's policy back as it was after; a product
 * without SKUs is not checked, so the order is then the minimal one.
 */
async function acknowledgeWithWarning(
  ctx: WalkContext,
  po: string,
  recipeSet: string,
  product: Product,
): Promise<void> {
  if (!product.skus?.length) {
    ctx.step(`product ${product.handle} lists no SKUs: they are not checked (no order.warning)`);
    return acknowledge(ctx, po, recipeSet);
  }
  const { handle } = ctx.client;
  const { skuPolicy } = await ctx.api.orderSettings(handle);
  await ctx.api.orderSettings(handle, { skuPolicy: 'warn' });
  ctx.step(`SKU policy of ${handle} set to warn (it was ${skuPolicy})`);
  try {
    await acknowledge(ctx, po, recipeSet, UNLISTED_SKU);
  } finally {
    await ctx.api.orderSettings(handle, { skuPolicy });
    ctx.step(`SKU policy of ${handle} set back to ${skuPolicy}`);
  }
}

/**
 * Acknowledges a purchase order of one line item: the minimal valid acknowledgement, or with
 * one of `sku`.
 */
async function acknowledge(
  ctx: WalkContext,
  po: string,
  recipeSet: string,
  sku?: string,
): Promise<void> {
  ctx.trace.purchaseOrders.add(po);
  const result = await ctx.api.acknowledge({
    purchaseOrderNumber: po,
    orderDate: new Date().toISOString(),
    lineItems: [
      { recipeSetId: recipeSet, ...(sku ? { skuQuantities: [{ sku, quantity: 1 }] } : {}) },
    ],
  });
  if (!result.allSuccessful)
    throw new SetupError([
      `Purchase order ${po} was not acknowledged: ${(result.statuses ?? [])
        .map((s) => `${s.recipeSetId ?? '?'}: ${s.message ?? 'failed'}`)
        .join('; ')}`,
    ]);
  ctx.step(`purchase order ${po} acknowledged with ${recipeSet}${sku ? ` (SKU ${sku})` : ''}`);
}

/** A password the policy takes: 24 random characters and a few of each kind. */
const strongPassword = () => `Sc9!${randomBytes(18).toString('base64url')}`;

/** Invites a user, reads the held invitation e-mail, and accepts it through its form. */
async function inviteAndAccept(ctx: WalkContext): Promise<void> {
  const email = `sandbox-check+${ctx.stamp}@example.com`;
  ctx.trace.invitedEmail = email;
  await ctx.api.invite({ email, firstName: 'Sandbox', lastName: 'Check' });
  ctx.step(`invited ${email}`);
  const path = await poll(ctx, async () => {
    const held = (await ctx.api.messages()).find(
      (m) => m.kind === 'invitation' && m.to.toLowerCase() === email,
    );
    return held ? /\/invitation\/[A-Za-z0-9_-]+/.exec(held.text)?.[0] : undefined;
  });
  if (!path) {
    ctx.step(`no invitation link for ${email} in GET /api/sandbox/messages; going on`);
    return;
  }
  // The link's own host is the service's public address: the form is posted where we call.
  const form = await ctx.api.page(path);
  const field = /name="form" value="([^"]+)"/.exec(form.text)?.[1];
  const cookie = form.cookies.map((c) => c.split(';')[0]).join('; ');
  if (!field) throw new SetupError(['The invitation page has no form to accept it with.']);
  const password = strongPassword();
  await ctx.api.page(
    path,
    { form: field, firstName: 'Sandbox', lastName: 'Check', password, confirmation: password },
    cookie,
  );
  ctx.step(`invitation of ${email} accepted (link from the held e-mail, a generated password)`);
}
