import { withClient } from '../../setup/test-database';
import { HALF_WRITTEN_ORDERS, UNFINISHED_IDEMPOTENCY_KEYS } from '../order-integrity';

/** An acknowledgement with two line items and personal data: several rows in one transaction. */
export function orderBody(po: string, recipeSets: string[], i: number) {
  return {
    purchaseOrderNumber: po,
    orderDate: '2026-03-30T10:00:00Z',
    emailAddress: `${po.toLowerCase()}@example.com`,
    shippingAddress: {
      firstName: 'Ada',
      lastName: po,
      address1: '1 Main St',
      city: 'Springfield',
      postalCode: '62701',
      country: 'US',
    },
    lineItems: [
      {
        recipeSetId: recipeSets[i % recipeSets.length],
        skuQuantities: [
          { sku: 'TEE-M', quantity: 2 },
          { sku: 'TEE-L', quantity: 1 },
        ],
      },
      {
        recipeSetId: recipeSets[(i + 1) % recipeSets.length],
        skuQuantities: [{ sku: 'MUG', quantity: 1 }],
      },
    ],
  };
}

export async function halfWrittenOrders(url: string): Promise<string[]> {
  return withClient(url, async (db) =>
    (await db.query<{ purchase_order_number: string }>(HALF_WRITTEN_ORDERS)).rows.map(
      (r) => r.purchase_order_number,
    ),
  );
}

/** How many times each of `numbers` is stored (absent numbers are missing from the map). */
export async function storedCounts(url: string, numbers: string[]): Promise<Map<string, number>> {
  return withClient(url, async (db) => {
    const { rows } = await db.query<{ po: string; n: string }>(
      `SELECT purchase_order_number AS po, count(*) AS n FROM purchase_order
       WHERE purchase_order_number = ANY($1) GROUP BY 1`,
      [numbers],
    );
    return new Map(rows.map((r) => [r.po, Number(r.n)]));
  });
}

export async function unfinishedIdempotencyKeys(url: string): Promise<string[]> {
  return withClient(url, async (db) =>
    (await db.query<{ key: string }>(UNFINISHED_IDEMPOTENCY_KEYS)).rows.map((r) => r.key),
  );
}
