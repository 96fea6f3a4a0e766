/**
 * The requests of the orders benchmark (acknowledgements, 31-day and whole-year searches) as
 * bodies for wrk (bench/wrk/scenario.lua picks one at random per request and makes the order
 * numbers unique), and the check that the seeded orders answer them before anything is measured.
 */
import { PersonalData, WorkflowStatus } from '../src/orders';
import { App } from './lib/app-process';
import { requestOnce } from './lib/http-client';
import { UNIQUE } from './lib/wrk';
import {
  DAY_MS,
  personalData,
  SEEDED_STATUSES,
  seededOrderNumber,
  SKUS,
  YEAR_MS,
} from './orders-seed';

export const SEARCH_PATH = '/api/orders/search';
/** Distinct bodies per scenario that wrk picks from. */
const BODY_POOL = 1000;
const SEARCH_WINDOW_MS = 31 * DAY_MS; // the API's maximum (MAX_SEARCH_DAYS)

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** One acknowledgement of one line item on `recipeSet`, with the personal data of seed `i`. */
export function acknowledgement(
  purchaseOrderNumber: string,
  recipeSet: string,
  i: number,
): unknown {
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
 * Acknowledgement bodies: `purchaseOrderNumber` ACK-<runId>-{{n}} (wrk makes {{n}} unique per
 * order), one line item on a random recipe set (readable id), personal data included.
 */
export function acknowledgementBodies(runId: string, readableIds: readonly string[]): string[] {
  return Array.from({ length: BODY_POOL }, (_, i) =>
    JSON.stringify(acknowledgement(`ACK-${runId}-${UNIQUE}`, pick(readableIds), i)),
  );
}

/** Searches of a 31-day window at a random offset within the seeded year ending at `now`, in-progress. */
export function windowSearchBodies(now: number): string[] {
  return Array.from({ length: BODY_POOL }, () => {
    const from = now - YEAR_MS + Math.floor(Math.random() * (YEAR_MS - SEARCH_WINDOW_MS));
    return JSON.stringify({
      lastModificationStartDate: new Date(from).toISOString(),
      lastModificationEndDate: new Date(from + SEARCH_WINDOW_MS).toISOString(),
      workflowStatuses: [WorkflowStatus.InProgress],
    });
  });
}

/**
 * Searches that find about `matches` orders: a window at a random offset within the seeded year,
 * as long as the evenly spread `orders` need for that many to be in-progress (1 in 4).
 */
export function matchingSearchBodies(now: number, orders: number, matches: number): string[] {
  const windowMs = Math.min(
    SEARCH_WINDOW_MS,
    Math.round((matches / (orders / SEEDED_STATUSES.length)) * YEAR_MS),
  );
  return Array.from({ length: BODY_POOL }, () => {
    const from = now - YEAR_MS + Math.floor(Math.random() * (YEAR_MS - windowMs));
    return JSON.stringify({
      lastModificationStartDate: new Date(from).toISOString(),
      lastModificationEndDate: new Date(from + windowMs).toISOString(),
      workflowStatuses: [WorkflowStatus.InProgress],
    });
  });
}

/** The whole seeded year (ignoreDateRestriction, from before the first order), in-progress. */
export const yearSearchBody = (now: number): string =>
  JSON.stringify({
    ignoreDateRestriction: true,
    lastModificationStartDate: new Date(now - YEAR_MS - DAY_MS).toISOString(),
    workflowStatuses: [WorkflowStatus.InProgress],
  });

/** The number of orders a search finds (X-Total-Count), or a message why not. */
export async function searchTotal(app: App, body: string): Promise<number | string> {
  const reply = await requestOnce(app.baseUrl, { method: 'POST', path: SEARCH_PATH, body });
  const total = Number(reply.headers['x-total-count']);
  return reply.status === 200 && Number.isInteger(total)
    ? total
    : `${reply.status} ${reply.body.slice(0, 300)}`;
}

/**
 * Throws unless a seeded order reads back through the API (its personal data decrypts) and the
 * whole-year search finds exactly the seeded in-progress orders (1 in 4): if the app starts
 * keeping more state than the seeding writes, this fails instead of measuring empty searches.
 */
export async function checkSeededOrders(app: App, orders: number, now: number): Promise<void> {
  const check = await requestOnce(app.baseUrl, {
    method: 'GET',
    path: `/api/order/order-number/${seededOrderNumber(Math.floor(orders / 2))}`,
  });
  const checked = check.status === 200 ? (JSON.parse(check.body) as PersonalData) : undefined;
  if (!checked?.emailAddress?.endsWith('@example.com')) {
    throw new Error(
      `a seeded order does not read back: ${checked ? 'no e-mail' : `${check.status} ${check.body.slice(0, 300)}`}`,
    );
  }
  const slot = SEEDED_STATUSES.indexOf(WorkflowStatus.InProgress); // order i has status i % length
  const expected = Math.floor(
    (orders - 1 - slot + SEEDED_STATUSES.length) / SEEDED_STATUSES.length,
  );
  const found = await searchTotal(app, yearSearchBody(now));
  if (found !== expected) {
    throw new Error(
      `search finds ${found} seeded in-progress orders instead of ${expected}: the seeding in ` +
        'bench/orders-seed.ts no longer writes what the app expects (see the migrations).',
    );
  }
}
