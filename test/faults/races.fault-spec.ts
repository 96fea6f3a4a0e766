import { call, Exchange } from '../support/processes/http';
import { withClient } from '../setup/test-database';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { useRig } from './support/rig';

/**
 * Two API instances on one PostgreSQL, as in production: partners' parallel retries, duplicate
 * keys and conflicting updates land on different processes and must still resolve to one
 * consistent outcome.
 */
const STATUSES = ['in-progress', 'completed', 'on-hold', 'approved', 'released', 'delivered'];

describe('Races between two API instances', () => {
  const rig = useRig({ client: 'races', recipeSets: 4, instances: 2 });

  /** `n` requests at once, alternating between the two instances. */
  const parallel = (
    n: number,
    request: (i: number) => {
      method: string;
      path: string;
      body?: unknown;
      headers?: Record<string, string>;
    },
  ) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => {
        const { method, path, ...options } = request(i);
        return call(rig.apis[i % 2].baseUrl, method, path, { token: rig.token, ...options });
      }),
    );
  /** A line item of an order, read through the second instance. */
  const lineOf = async (po: string, recipeSet: string) => {
    const read = await call(rig.apis[1].baseUrl, 'GET', `/api/order/order-number/${po}`, {
      token: rig.token,
    });
    const order = JSON.parse(read.text) as {
      lineItems: { recipeSetId: string; workflowStatus: string; shipmentTracking: string }[];
    };
    return order.lineItems.find((l) => l.recipeSetId === recipeSet)!;
  };
  const statuses = (answers: Exchange[]) => answers.map((a) => a.status).sort();
  const sql = <T>(text: string, values: unknown[] = []) =>
    withClient(rig.databaseUrl, async (db) => (await db.query(text, values)).rows as T[]);

  it('the same acknowledgement 40 times at once: one 200, 39 × 409, one order', async () => {
    const body = orderBody('RACE-DUP', rig.recipeSets, 0);
    const answers = await parallel(40, () => ({
      method: 'POST',
      path: '/api/order/acknowledgement',
      body,
    }));
    expect(statuses(answers)).toEqual([200, ...Array(39).fill(409)]);
    expect((await storedCounts(rig.databaseUrl, ['RACE-DUP'])).get('RACE-DUP')).toBe(1);
  });

  it('a batch racing single acknowledgements of two of its orders: the batch is stored whole or not at all', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => `RACE-B-${i}`);
    const batch = numbers.map((po, i) => orderBody(po, rig.recipeSets, i));
    const contested = [numbers[5], numbers[15]];
    const answers = await parallel(9, (i) =>
      i === 0
        ? { method: 'POST', path: '/api/order/acknowledgements', body: batch }
        : { method: 'POST', path: '/api/order/acknowledgement', body: batch[i % 2 ? 5 : 15] },
    );
    const [batchAnswer, ...singles] = answers;
    expect([200, 409]).toContain(batchAnswer.status);
    const stored = await storedCounts(rig.databaseUrl, numbers);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    if (batchAnswer.status === 200) {
      expect(stored.size).toBe(20);
      expect(singles.every((s) => s.status === 409)).toBe(true);
    } else {
      // A single won: only the contested numbers exist, each from exactly one 200.
      expect([...stored.keys()].every((po) => contested.includes(po))).toBe(true);
      expect(singles.filter((s) => s.status === 200)).toHaveLength(stored.size);
    }
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
  });

  it('one Idempotency-Key sent 20 times at once: one order; answers are the same 200 (replayed) or 409 while in flight', async () => {
    const body = orderBody('RACE-IDEM', rig.recipeSets, 1);
    const headers = { 'Idempotency-Key': 'race-idem-1' };
    const answers = await parallel(20, () => ({
      method: 'POST',
      path: '/api/order/acknowledgement',
      body,
      headers,
    }));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.text)).size).toBe(1);
    expect((await storedCounts(rig.databaseUrl, ['RACE-IDEM'])).get('RACE-IDEM')).toBe(1);
    const replay = await call(rig.apis[1].baseUrl, 'POST', '/api/order/acknowledgement', {
      token: rig.token,
      body,
      headers,
    });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(ok[0].text);
  });

  it('30 conflicting status updates at once: all applied in some order; the line ends in the last one recorded', async () => {
    expect((await rig.acknowledge('RACE-ST', 2)).status).toBe(200);
    const answers = await parallel(30, (i) => ({
      method: i % 4 === 0 ? 'PUT' : 'POST',
      path: '/api/order/status',
      body: {
        purchaseOrderNumber: 'RACE-ST',
        lineItems: [
          { recipeSetReadableId: rig.recipeSets[2], workflowStatus: STATUSES[i % STATUSES.length] },
        ],
      },
    }));
    expect(statuses(answers)).toEqual(Array(30).fill(200));
    const history = await sql<{ workflow_status: string }>(
      `SELECT h.workflow_status FROM line_item_history h JOIN purchase_order o ON o.id = h.order_id
       WHERE o.purchase_order_number = 'RACE-ST' AND h.change = 'status' ORDER BY h.id`,
    );
    expect(history).toHaveLength(30);
    const line = await lineOf('RACE-ST', rig.recipeSets[2]);
    expect(line.workflowStatus).toBe(history[history.length - 1].workflow_status);
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
  });

  it('30 ship notifications at once with different tracking numbers: none is lost', async () => {
    expect((await rig.acknowledge('RACE-SHIP', 3)).status).toBe(200);
    const tracking = Array.from({ length: 30 }, (_, i) => `1ZRACE${String(i).padStart(4, '0')}`);
    const answers = await parallel(30, (i) => ({
      method: 'POST',
      path: '/api/order/ship-notification',
      body: {
        purchaseOrderNumber: 'RACE-SHIP',
        lineItems: [{ recipeSetReadableId: rig.recipeSets[3], shipmentTracking: tracking[i] }],
      },
    }));
    expect(statuses(answers)).toEqual(Array(30).fill(200));
    const line = await lineOf('RACE-SHIP', rig.recipeSets[3]);
    expect(line.shipmentTracking.split(',').sort()).toEqual(tracking);
  });
});
