import { randomBytes } from 'node:crypto';
import { ApiFailure, PartnerApi } from './api';

/** One step of a trigger, as printed: what it did. */
type Step = (api: PartnerApi, made: Made) => Promise<string>;

/** What the steps made so far. */
interface Made {
  clientHandle: string;
  recipeSet?: string;
  purchaseOrder?: string;
}

const recipeSet: Step = async (api, made) => {
  const products = await api.call<{ data: { handle: string }[] }>(
    'GET',
    `/api/catalog/${encodeURIComponent(made.clientHandle)}/products`,
  );
  const product = products.data[0]?.handle;
  if (!product)
    throw new ApiFailure(
      404,
      `The catalog of ${made.clientHandle} has no product to design on: add one (POST /api/catalog/${made.clientHandle}/products), or ask the operator for the demo catalog (pci catalog install-demo ${made.clientHandle}).`,
    );
  const created = await api.call<{ data: { readableId: string } }>('POST', '/api/recipesets', {
    productHandle: product,
  });
  made.recipeSet = created.data.readableId;
  return `recipe set ${made.recipeSet} created (product ${product})`;
};

const acknowledge: Step = async (api, made) => {
  made.purchaseOrder = `TRIGGER-${randomBytes(5).toString('hex').toUpperCase()}`;
  const result = await api.call<{ allSuccessful?: boolean; statuses?: { message?: string }[] }>(
    'POST',
    '/api/order/acknowledgement',
    {
      purchaseOrderNumber: made.purchaseOrder,
      orderDate: new Date().toISOString().slice(0, 10),
      lineItems: [{ recipeSetId: made.recipeSet }],
    },
  );
  if (result.allSuccessful === false)
    throw new ApiFailure(
      422,
      `Purchase order ${made.purchaseOrder} was not acknowledged: ${(result.statuses ?? []).map((s) => s.message).join('; ')}`,
    );
  return `purchase order ${made.purchaseOrder} acknowledged`;
};

const sandboxOrder =
  (action: 'advance' | 'ship', body: object, said: string): Step =>
  async (api, made) => {
    await api.call(
      'POST',
      `/api/sandbox/orders/${encodeURIComponent(made.purchaseOrder!)}/${action}`,
      body,
    );
    return `purchase order ${made.purchaseOrder} ${said}`;
  };

const failPrintFiles: Step = async (api, made) => {
  await api.call('POST', `/api/sandbox/recipesets/${made.recipeSet}/print-files/fail`, {
    reason: 'Triggered by pci trigger',
  });
  return `print files of ${made.recipeSet} failed on demand`;
};

/**
 * The event types `pci trigger` causes, each with the calls that cause it (through the public API
 * and the sandbox helpers: the same transitions as a factory's). Like a real change, a trigger
 * causes the events of the steps before too (an order is acknowledged before it ships).
 */
export const TRIGGERS: Readonly<Record<string, readonly Step[]>> = {
  'order.acknowledged': [recipeSet, acknowledge],
  'recipe_set.status_changed': [recipeSet, acknowledge],
  'order.line_item.status_changed': [
    recipeSet,
    acknowledge,
    sandboxOrder('advance', { to: 'in-progress' }, 'advanced to in-progress'),
  ],
  'order.shipment.recorded': [
    recipeSet,
    acknowledge,
    sandboxOrder('ship', {}, 'shipped (one package, tracking generated)'),
  ],
  'print_files.failed': [recipeSet, failPrintFiles],
};

export const TRIGGERABLE = Object.keys(TRIGGERS);

/** The reason a sandbox token is needed, for a live client's token. */
export function liveClientRefusal(clientHandle: string): string {
  return `pci trigger causes events through the sandbox helpers, which answer sandbox clients only, and this token is of the live client ${clientHandle}: use a sandbox token (pci_test_…).`;
}

/**
 * Causes an event of `type` (one of TRIGGERABLE) for the token's sandbox client; answers the steps
 * as done, in order. A live client's token is refused before any change (ApiFailure 403).
 */
export async function trigger(
  api: PartnerApi,
  type: string,
  done: (step: string) => void,
): Promise<void> {
  const client = await api.currentClient();
  if (client.sandbox !== true) throw new ApiFailure(403, liveClientRefusal(client.handle));
  const made: Made = { clientHandle: client.handle };
  for (const step of TRIGGERS[type]) done(await step(api, made));
}
