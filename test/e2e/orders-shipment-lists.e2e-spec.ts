import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { MAX_SERIAL_NUMBERS, MAX_TRACKING_NUMBERS } from '../../src/orders';
import { createClient, TestClient } from '../factories/clients';
import { line, order, OrdersApi, ordersApi, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

interface HistoryRow {
  shipment_tracking: string[] | null;
  serial_numbers: string[] | null;
  shipment_vendor: string | null;
  bytes: number;
}

const numbered = (prefix: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `${prefix}${from + i}`);

describe('Orders: tracking and serial numbers of a line item are capped; history keeps changes', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;
  let seq = 0;

  const placeOrder = async (): Promise<{ po: string; id: string }> => {
    const po = `SL-${++seq}`;
    const [set] = await api.placeOrder(po, 1, [{ sku: 'TEE-M', quantity: 1 }]);
    return { po, id: set.readableId };
  };
  const ship = (po: string, lineItems: Record<string, unknown>[]) =>
    request(t.http)
      .post('/api/order/ship-notification')
      .set(api.auth())
      .send({ purchaseOrderNumber: po, lineItems });
  const history = (po: string): Promise<HistoryRow[]> =>
    t.dataSource.query(
      `SELECT h.shipment_tracking, h.serial_numbers, h.shipment_vendor,
              coalesce(pg_column_size(h.shipment_tracking), 0)
                + coalesce(pg_column_size(h.serial_numbers), 0) AS bytes
       FROM line_item_history h JOIN purchase_order o ON o.id = h.order_id
       WHERE o.purchase_order_number = $1 AND o.client_id = $2 ORDER BY h.id`,
      [po, a.id],
    );
  const lineItem = async (po: string) => {
    const res = await api.getOrder(po);
    expect(res.status).toBe(200);
    return (
      res.body as {
        lineItems: { shipmentTracking: string | null; serialNumbers: string[] | null }[];
      }
    ).lineItems[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('records in the history only what each notification added, however long the lists grow', async () => {
    const { po, id } = await placeOrder();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) {
      const res = await ship(po, [
        {
          recipeSetReadableId: id,
          // Each notification repeats everything sent so far and adds one parcel and 40 serials.
          shipmentTracking: numbered('T', i + 1),
          serialNumbers: numbered('SN-', 40 * (i + 1)),
          shipmentVendor: i < 10 ? 'UPS' : 'DHL',
        },
      ]);
      expect(res.status).toBe(200);
    }
    const rows = await history(po);
    expect(rows).toHaveLength(rounds);
    rows.forEach((row, i) => {
      expect(row.shipment_tracking).toEqual([`T${i}`]);
      expect(row.serial_numbers).toEqual(numbered('SN-', 40, 40 * i));
      expect(row.shipment_vendor).toBe(i === 0 ? 'UPS' : i === 10 ? 'DHL' : null);
    });
    // Every row is about as small as the first: the history grows linearly, not quadratically.
    expect(Math.max(...rows.map((r) => r.bytes))).toBeLessThan(rows[0].bytes * 1.5);
    const item = await lineItem(po);
    expect(item.shipmentTracking).toBe(numbered('T', rounds).join(','));
    expect(item.serialNumbers).toEqual(numbered('SN-', 40 * rounds));
  });

  it('answers 400 naming the field and limit for more numbers in one request than a line item carries', async () => {
    const { po, id } = await placeOrder();
    const tracking = await ship(po, [
      { recipeSetReadableId: id, shipmentTracking: numbered('T', MAX_TRACKING_NUMBERS + 1) },
    ]);
    expect(tracking.status).toBe(400);
    expect(tracking.headers['content-type']).toMatch(TEXT_TYPE);
    expect(tracking.text).toBe(
      `Invalid request: lineItems[0].shipmentTracking must contain no more than ${MAX_TRACKING_NUMBERS} elements.`,
    );
    const serials = await ship(po, [
      { recipeSetReadableId: id, serialNumbers: numbered('S', MAX_SERIAL_NUMBERS + 1) },
    ]);
    expect(serials.status).toBe(400);
    expect(serials.text).toBe(
      `Invalid request: lineItems[0].serialNumbers must contain no more than ${MAX_SERIAL_NUMBERS} elements.`,
    );
    const ack = await api.ack(
      order(`${po}-ACK`, [
        { ...line(id), shipmentTracking: numbered('T', MAX_TRACKING_NUMBERS + 1) },
      ]),
    );
    expect(ack.status).toBe(400);
    expect(ack.text).toBe(
      `Invalid request: lineItems[0].shipmentTracking must contain no more than ${MAX_TRACKING_NUMBERS} elements.`,
    );
    expect(await history(po)).toEqual([]);
  });

  it('answers 400 when notifications would take a line item past its cap, and changes nothing', async () => {
    const { po, id } = await placeOrder();
    const half = MAX_TRACKING_NUMBERS / 2;
    for (const from of [0, half]) {
      const res = await ship(po, [
        { recipeSetReadableId: id, shipmentTracking: numbered('T', half, from) },
      ]);
      expect(res.status).toBe(200);
    }
    const over = await ship(po, [
      { recipeSetReadableId: id, shipmentTracking: ['T0'], serialNumbers: ['SN-NEW'] },
      { recipeSetReadableId: id, shipmentTracking: ['T-NEW-1', 'T-NEW-2'] },
    ]);
    expect(over.status).toBe(400);
    expect(over.headers['content-type']).toMatch(TEXT_TYPE);
    expect(over.text).toBe(
      `Invalid request: lineItems[1].shipmentTracking would give line item ${id} of purchase order ${po} ${MAX_TRACKING_NUMBERS + 2} tracking numbers; a line item carries at most ${MAX_TRACKING_NUMBERS}. Nothing was updated.`,
    );
    expect(await history(po)).toHaveLength(2);
    const item = await lineItem(po);
    expect(item.shipmentTracking?.split(',')).toHaveLength(MAX_TRACKING_NUMBERS);
    expect(item.serialNumbers).toBeNull();
    // Numbers the line item already has do not count again.
    const again = await ship(po, [{ recipeSetReadableId: id, shipmentTracking: ['T1', 'T99'] }]);
    expect(again.status).toBe(200);
  });
});
