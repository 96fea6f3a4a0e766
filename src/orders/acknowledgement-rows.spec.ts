import { randomBytes } from 'node:crypto';
import { FieldCipher } from '../common/crypto/field-cipher';
import { KeyRing } from '../common/crypto/key-ring';
import { acknowledgementRows, AcknowledgedOrder } from './acknowledgement-rows';
import { LineItemInputDto, OrderAcknowledgementDto } from './dto/acknowledgement.dto';
import { giftMessageContext, PersonalData, personalDataContext } from './order-encryption';
import { DEFAULT_PRIORITY, WorkflowStatus } from './order.enums';
import { OrderLine } from './order-input';

const cipher = new FieldCipher(KeyRing.parse(`k1:${randomBytes(32).toString('base64')}`));
const actor = { clientId: 'client-1', tokenId: 'token-1' };
const now = new Date('2026-12-02T10:00:00Z');
const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const resolved = new Map([
  ['DEMTEE2A', { id: 'rs-a' }],
  ['DEMTEE2B', { id: 'rs-b' }],
]);

function line(
  ref: string,
  status: WorkflowStatus,
  input: Partial<LineItemInputDto> = {},
): OrderLine {
  return {
    ref,
    input: Object.assign(new LineItemInputDto(), input),
    skuQuantities: [{ sku: 'TEE-WHT-S', quantity: 2 }],
    sku: null,
    quantity: 0,
    workflowStatus: status,
  };
}

function order(dto: Partial<OrderAcknowledgementDto>, lines: OrderLine[]): AcknowledgedOrder {
  return {
    dto: Object.assign(new OrderAcknowledgementDto(), { purchaseOrderNumber: 'PO-1', ...dto }),
    lines,
    problems: lines.map(() => []),
  };
}

describe('acknowledgementRows', () => {
  it('encrypts the personal data under the order id and each gift message under its position', () => {
    const rows = acknowledgementRows(
      cipher,
      actor,
      order(
        {
          emailAddress: 'buyer@example.com',
          phoneNumber: '+49 30 123456',
          shippingAddress: { firstName: 'Ada', city: 'Berlin' },
        },
        [
          line('DEMTEE2A', WorkflowStatus.NotStarted),
          line('DEMTEE2B', WorkflowStatus.NotStarted, { giftMessage: 'Happy birthday' }),
        ],
      ),
      resolved,
      now,
      ORDER_ID,
    );
    expect(rows.order.id).toBe(ORDER_ID);
    expect(rows.order.personalData).not.toContain('buyer@example.com');
    expect(
      cipher.decryptJson<PersonalData>(rows.order.personalData, personalDataContext(ORDER_ID)),
    ).toEqual({
      emailAddress: 'buyer@example.com',
      phoneNumber: '+49 30 123456',
      customerAddress: null,
      shippingAddress: {
        firstName: 'Ada',
        lastName: null,
        address1: null,
        address2: null,
        city: 'Berlin',
        state: null,
        province: null,
        postalCode: null,
        country: null,
      },
    });
    // Bound to its row: another order's context does not decrypt it.
    expect(() =>
      cipher.decryptJson(rows.order.personalData, personalDataContext('other')),
    ).toThrow();
    expect(rows.lines[0].giftMessage).toBeNull();
    expect(cipher.decrypt(rows.lines[1].giftMessage!, giftMessageContext(ORDER_ID, 1))).toBe(
      'Happy birthday',
    );
    expect(() =>
      cipher.decrypt(rows.lines[1].giftMessage!, giftMessageContext(ORDER_ID, 0)),
    ).toThrow();
  });

  it("starts production now when a line comes in progress, and lists the order's statuses once each", () => {
    const waiting = acknowledgementRows(
      cipher,
      actor,
      order({}, [
        line('DEMTEE2A', WorkflowStatus.NotStarted),
        line('DEMTEE2B', WorkflowStatus.NotStarted),
      ]),
      resolved,
      now,
    );
    expect(waiting.order.productionStartAt).toBeNull();
    expect(waiting.order.workflowStatuses).toEqual(['not-started']);
    const started = acknowledgementRows(
      cipher,
      actor,
      order({}, [
        line('DEMTEE2B', WorkflowStatus.OnHold),
        line('DEMTEE2A', WorkflowStatus.InProgressStep1),
        line('DEMTEE2A', WorkflowStatus.OnHold),
      ]),
      resolved,
      now,
    );
    expect(started.order.productionStartAt).toEqual(now);
    expect(started.order.workflowStatuses).toEqual(['in-progress-step-1', 'on-hold']);
    expect(started.order.lastModifiedAt).toEqual(now);
  });

  it('asks for print files once per recipe set, at the order priority or the default', () => {
    const lines = [
      line('DEMTEE2A', WorkflowStatus.NotStarted),
      line('DEMTEE2B', WorkflowStatus.NotStarted),
      line('DEMTEE2A', WorkflowStatus.NotStarted),
    ];
    const plain = acknowledgementRows(cipher, actor, order({}, lines), resolved, now, ORDER_ID);
    expect(plain.lines.map((l) => [l.recipeSetId, l.position])).toEqual([
      ['rs-a', 0],
      ['rs-b', 1],
      ['rs-a', 2],
    ]);
    expect(plain.due).toEqual([
      { clientId: 'client-1', orderId: ORDER_ID, recipeSetId: 'rs-a', priority: DEFAULT_PRIORITY },
      { clientId: 'client-1', orderId: ORDER_ID, recipeSetId: 'rs-b', priority: DEFAULT_PRIORITY },
    ]);
    const urgent = acknowledgementRows(cipher, actor, order({ priority: 4 }, lines), resolved, now);
    expect(urgent.due.map((d) => d.priority)).toEqual([4, 4]);
    expect(urgent.order.priority).toBe(4);
  });

  it('keeps the SKU warnings the warn policy accepted a line with, and none on a clean line', () => {
    const acknowledged = order({}, [
      line('DEMTEE2A', WorkflowStatus.NotStarted),
      line('DEMTEE2B', WorkflowStatus.NotStarted),
    ]);
    acknowledged.problems = [
      [],
      [{ sku: 'TEE-BLK-M', message: 'SKU TEE-BLK-M is black; the design is white.' }],
    ];
    const rows = acknowledgementRows(cipher, actor, acknowledged, resolved, now);
    expect(rows.lines.map((l) => l.skuWarnings)).toEqual([
      null,
      ['SKU TEE-BLK-M is black; the design is white.'],
    ]);
    expect(rows.lines[0].skuQuantities).toEqual([{ sku: 'TEE-WHT-S', quantity: 2 }]);
    expect(rows.order.submittedBy).toBe('token-1');
  });
});
