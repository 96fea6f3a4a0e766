/**
 * The requests of the orders benchmark (acknowledgements, 31-day and whole-year searches), and
 * the check that the seeded orders answer them before anything is measured.
 */
import { WorkflowStatus } from '../src/orders/order.enums';
import { PersonalData } from '../src/orders/purchase-order.mapper';
import { App } from './lib/app-process';
import { RequestSpec } from './lib/http-client';
import { load } from './lib/load';
import {
  DAY_MS,
  personalData,
  SEEDED_STATUSES,
  seededOrderNumber,
  SKUS,
  YEAR_MS,
} from './orders-seed';

const SEARCH_WINDOW_MS = 31 * DAY_MS; // the API's maximum (MAX_SEARCH_DAYS)

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

function acknowledgement(purchaseOrderNumber: string, recipeSet: string, i: number): unknown {
  const p = personalData(i);
  return {
    purchaseOrderNumber,
    orderDate: new Date().toISOString(),
    accountNumber: `ACCT-${i % 5000}`,
    emailAddress: p.emailAddress,
    phoneNumber: p.phoneNumber,
    priority: 2,
    fulfillmentType: 'DirectToConsumer',
    customerAddress: p.customerAddress,
    shippingAddress: p.shippingAddress,
    lineItems: [
      {
        recipeSetId: recipeSet,
        externalLineItemId: `LI-${i}`,
        productName: 'Custom T-shirt',
        unitPrice: 24.9,
        skuQuantities: [{ sku: SKUS[i % SKUS.length], quantity: 1 }],
      },
    ],
  };
}

/**
 * Acknowledgements with a unique `purchaseOrderNumber` (ACK-<runId>-<n>) each, one line item on
 * a random recipe set (readable id), personal data included.
 */
export function acknowledgementRequests(
  runId: string,
  readableIds: readonly string[],
): { single: () => RequestSpec; batch: (size: number) => RequestSpec } {
  let counter = 0;
  const next = (): unknown => {
    const n = counter;
    return acknowledgement(`ACK-${runId}-${++counter}`, pick(readableIds), n);
  };
  return {
    single: () => ({
      method: 'POST',
      path: '/api/order/acknowledgement',
      body: JSON.stringify(next()),
    }),
    batch: (size) => {
      const orders: unknown[] = [];
      for (let i = 0; i < size; i++) orders.push(next());
      return { method: 'POST', path: '/api/order/acknowledgements', body: JSON.stringify(orders) };
    },
  };
}

/** A 31-day window at a random offset within the seeded year ending at `now`, in-progress. */
export const windowSearch = (now: number): RequestSpec => {
  const from = now - YEAR_MS + Math.floor(Math.random() * (YEAR_MS - SEARCH_WINDOW_MS));
  return {
    method: 'POST',
    path: '/api/orders/search',
    body: JSON.stringify({
      lastModificationStartDate: new Date(from).toISOString(),
      lastModificationEndDate: new Date(from + SEARCH_WINDOW_MS).toISOString(),
      workflowStatuses: [WorkflowStatus.InProgress],
    }),
  };
};

/** The whole seeded year (ignoreDateRestriction, from before the first order), in-progress. */
export const yearSearch = (now: number): RequestSpec => ({
  method: 'POST',
  path: '/api/orders/search',
  body: JSON.stringify({
    ignoreDateRestriction: true,
    lastModificationStartDate: new Date(now - YEAR_MS - DAY_MS).toISOString(),
    workflowStatuses: [WorkflowStatus.InProgress],
  }),
});

/**
 * Throws unless a seeded order reads back through the API (its personal data decrypts) and the
 * whole-year search finds exactly the seeded in-progress orders (1 in 4): if the app starts
 * keeping more state than the seeding writes, this fails instead of measuring empty searches.
 */
export async function checkSeededOrders(app: App, orders: number, now: number): Promise<void> {
  const check = await load(
    app,
    () => ({
      method: 'GET',
      path: `/api/order/order-number/${seededOrderNumber(Math.floor(orders / 2))}`,
    }),
    { concurrency: 1, maxRequests: 1, keepBody: true },
  );
  const checked = check.lastReply ? (JSON.parse(check.lastReply.body) as PersonalData) : undefined;
  if (check.errors > 0 || !checked?.emailAddress?.endsWith('@example.com')) {
    throw new Error(`a seeded order does not read back: ${check.firstError ?? 'no e-mail'}`);
  }
  const counted = await load(app, () => yearSearch(now), { concurrency: 1, maxRequests: 1 });
  const slot = SEEDED_STATUSES.indexOf(WorkflowStatus.InProgress); // order i has status i % length
  const expected = Math.floor(
    (orders - 1 - slot + SEEDED_STATUSES.length) / SEEDED_STATUSES.length,
  );
  const found = Number(counted.lastReply?.headers['x-total-count']);
  if (found !== expected) {
    throw new Error(
      `search finds ${found} seeded in-progress orders instead of ${expected}` +
        `${counted.firstError ? ` (${counted.firstError})` : ''}: the seeding in ` +
        'bench/orders-seed.ts no longer writes what the app expects (see the migrations).',
    );
  }
}
