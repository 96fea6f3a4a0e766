import { scanJson } from '../common/http/json-depth';
import { parseSize } from '../common/http/sizes';
import { Environment } from './environment';

/**
 * What JSON_MAX_VALUES must let through: the largest valid bodies that fit JSON_BODY_LIMIT, with
 * headroom, and no more (each value costs parsing, transformation and validation on the event
 * loop: a body of 999,000 values cost 0.43 s).
 */
const ADDRESS = {
  firstName: 'Jane',
  lastName: 'Doe',
  company: 'Acme',
  address1: '1 Main Street',
  address2: 'Suite 100',
  city: 'Springfield',
  state: 'IL',
  province: null,
  postalCode: '62701',
  country: 'US',
  phone: '+1 555 0100',
  email: 'jane@example.com',
};

/** A line item with every field filled. */
const lineItem = (i: number) => ({
  recipeSetId: 'DEMTEE2A',
  recipeSetUuid: null,
  externalLineItemId: `LI-${i}`,
  giftMessage: 'Happy birthday',
  workflowStatus: 'not-started',
  proofStatus: 'Requested',
  isReorder: false,
  shipmentVendor: 'UPS',
  shipmentTracking: ['1Z999AA10123456784'],
  sku: 'DEMO-TEE-BLK-M',
  quantity: '2',
  unitPrice: 12.5,
  size: 'M',
  productName: 'Tee',
  estimatedDeliveryDate: '2026-04-01',
  skuQuantities: [
    { sku: 'DEMO-TEE-BLK-M', quantity: '2' },
    { sku: 'DEMO-TEE-BLK-L', quantity: '1' },
  ],
  components: [{ name: 'c', clientIdentifier: 'x', description: 'd', quantity: 1, unitPrice: 1 }],
  serialNumbers: ['SN-000000001', 'SN-000000002', 'SN-000000003'],
});

/** An order with every field filled and `lines` line items. */
const order = (n: number, lines: number) => ({
  purchaseOrderNumber: `PO-${n}`,
  orderDate: '2022-01-31T13:15:05.2151663-05:00',
  accountNumber: 'A',
  organizationId: 'ORG',
  emailAddress: 'jane@example.com',
  orderReference: 'R',
  customerServiceContact: 'C',
  phoneNumber: '+1 555 0100',
  serialNumber: 'S',
  proofStatus: 1,
  priority: 'normal',
  fulfillmentType: 'Ship',
  customerAddress: ADDRESS,
  shippingAddress: ADDRESS,
  lineItems: Array.from({ length: lines }, (_, i) => lineItem(i)),
});

/** A ship notification of `lines` line items of 1,000 serial numbers of `digits` digits each. */
const shipNotification = (lines: number, digits: number) => ({
  purchaseOrderNumber: 'HA-EM-12345',
  lineItems: Array.from({ length: lines }, (_, i) => ({
    recipeSetReadableId: 'MUEMVK2U',
    shipmentTracking: ['1Z999AA10123456784'],
    shipmentVendor: 'UPS',
    serialNumbers: Array.from({ length: 1000 }, (_, k) =>
      String(i * 1000 + k).padStart(digits, '0'),
    ),
  })),
});

const measure = (body: unknown) => {
  const raw = Buffer.from(JSON.stringify(body));
  return { bytes: raw.length, values: scanJson(raw).values };
};

describe('JSON_MAX_VALUES (default)', () => {
  const env = new Environment();
  const limit = env.JSON_MAX_VALUES;
  const bodyLimit = parseSize(env.JSON_BODY_LIMIT);

  it.each([
    [
      'a batch of 700 orders of 10 line items, every field filled',
      () => Array.from({ length: 700 }, (_, n) => order(n, 10)),
      273_000,
    ],
    [
      'a ship notification of 330 line items of 1,000 twelve-digit serial numbers',
      () => shipNotification(330, 12),
      331_982,
    ],
    [
      'a ship notification of 450 line items of 1,000 eight-digit serial numbers',
      () => shipNotification(450, 8),
      452_702,
    ],
  ])('lets through %s (under JSON_BODY_LIMIT)', (_name, build, values) => {
    const measured = measure(build());
    expect(measured.bytes).toBeLessThanOrEqual(bodyLimit);
    expect(measured.values).toBe(values);
    expect(measured.values).toBeLessThanOrEqual(limit);
  });

  it('is 5 to 6 times a full batch as partners send it (1,000 orders, 10,000 line items)', () => {
    const documented = Array.from({ length: 1000 }, (_, n) => ({
      purchaseOrderNumber: `4201${n}`,
      orderDate: '2022-01-31T13:15:05.2151663-05:00',
      emailAddress: 'jane@example.com',
      phoneNumber: '+1 555 0100',
      priority: 'normal',
      proofStatus: 'Requested',
      shippingAddress: ADDRESS,
      lineItems: Array.from({ length: 10 }, (_, i) => ({
        recipeSetId: 'ABCD1234',
        externalLineItemId: `LI-${i}`,
        skuQuantities: [{ sku: 'DEMO-TEE-BLK-M', quantity: '2' }],
      })),
    }));
    const { values } = measure(documented);
    expect(values).toBe(91_000);
    expect(limit / values).toBeGreaterThan(5);
    expect(limit / values).toBeLessThan(6);
  });

  it('refuses a body of small values long before the body limit (0, is two bytes a value)', () => {
    const raw = Buffer.from(JSON.stringify({ pad: new Array(limit).fill(0) }));
    expect(raw.length).toBeLessThan(bodyLimit / 4);
    expect(scanJson(raw, { maxValues: limit }).exceeded).toBe('values');
  });
});
