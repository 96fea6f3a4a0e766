import { strictMock } from '../../test/support/strict-mock';
import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { Clock } from '../common/clock/clock';
import { EventRecorder } from '../common/events/event-recorder';
import { Transaction, UnitOfWork } from '../common/persistence/unit-of-work';
import { MAX_SERIAL_NUMBERS, MAX_TRACKING_NUMBERS } from './dto/acknowledgement.dto';
import { PurchaseOrderEntity } from './entities/purchase-order.entity';
import { WorkflowStatus } from './order.enums';
import { RecipeSetsService, RecipeStatus } from '../recipe-sets';
import { OrderUpdatesService } from './order-updates.service';
import { LineItemListFull, UpdateRejected } from './orders.errors';
import { LineItemRow, OrdersRepository } from './orders.repository';

const actor: Actor = {
  clientId: 'c1',
  clientHandle: 'acme',
  role: Role.User,
  tokenId: 't1',
  sandbox: false,
};
const tx: Transaction = { afterCommit: jest.fn(), batch: jest.fn() };
const uow = strictMock<UnitOfWork>(
  { run: (work: (t: Transaction) => Promise<unknown>) => work(tx) },
  'uow',
);
const NOW = new Date('2026-03-30T12:00:00Z');
const clock: Clock = { now: () => NOW };
const order = { id: 'o1', purchaseOrderNumber: 'PO-1' } as PurchaseOrderEntity;
const line = (id: number, readable: string, patch: Partial<LineItemRow> = {}): LineItemRow =>
  ({
    id,
    orderId: 'o1',
    recipeSetId: `uuid-${id}`,
    recipeSetReadableId: readable,
    workflowStatus: WorkflowStatus.NotStarted,
    shipmentTracking: null,
    shipmentVendor: null,
    serialNumbers: null,
    ...patch,
  }) as LineItemRow;

function setup(lines: LineItemRow[] | null) {
  const repo = {
    lockByNumber: jest.fn().mockResolvedValue(lines ? order : null),
    lineItems: jest.fn().mockResolvedValue(lines ?? []),
    updateLineItems: jest.fn().mockResolvedValue(undefined),
    appendHistory: jest.fn().mockResolvedValue(undefined),
    touchOrder: jest.fn().mockResolvedValue(undefined),
  };
  const recipeSets = { setStatus: jest.fn().mockResolvedValue(new Map()) };
  const events = { record: jest.fn().mockResolvedValue(undefined) };
  return {
    repo,
    recipeSets,
    events,
    service: new OrderUpdatesService(
      uow,
      strictMock<OrdersRepository>(repo, 'orders'),
      strictMock<RecipeSetsService>(recipeSets, 'recipeSets'),
      clock,
      strictMock<EventRecorder>(events, 'events'),
    ),
  };
}

describe('OrderUpdatesService', () => {
  it('answers 404 Error for a missing order and touches nothing else', async () => {
    const { service, repo } = setup(null);
    const out = service.updateStatus(
      actor,
      {
        purchaseOrderNumber: 'PO-9',
        lineItems: [{ recipeSetReadableId: 'AAAA2222', workflowStatus: WorkflowStatus.InProgress }],
      },
      'r1',
    );
    await expect(out).rejects.toBeInstanceOf(UpdateRejected);
    await expect(out).rejects.toMatchObject({
      result: {
        purchaseOrderNumber: 'PO-9',
        status: 'Error',
        details: 'Purchase order PO-9 was not found.',
      },
    });
    expect(repo.lineItems).not.toHaveBeenCalled();
  });

  it('updates nothing when one named line item is missing, and names it', async () => {
    const { service, repo } = setup([line(1, 'AAAA2222')]);
    const out = service.updateStatus(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          { recipeSetReadableId: 'AAAA2222', workflowStatus: WorkflowStatus.Completed },
          { recipeSetReadableId: 'ZZZZ9999', workflowStatus: WorkflowStatus.Completed },
        ],
      },
      'r1',
    );
    await expect(out).rejects.toMatchObject({
      result: {
        status: 'Error',
        details:
          'No line item of purchase order PO-1 for recipeSetReadableId(s): ZZZZ9999. Nothing was updated.',
      },
    });
    expect(repo.updateLineItems).not.toHaveBeenCalled();
    expect(repo.appendHistory).not.toHaveBeenCalled();
  });

  it('applies repeated entries for one recipe set once, records history, and starts production', async () => {
    const { service, repo } = setup([line(1, 'AAAA2222'), line(2, 'BBBB3333')]);
    const entry = { recipeSetReadableId: 'aaaa2222', workflowStatus: WorkflowStatus.InProgress };
    const out = await service.updateStatus(
      actor,
      { purchaseOrderNumber: 'PO-1', lineItems: [entry, entry] },
      'req-7',
    );
    expect(out).toEqual({
      purchaseOrderNumber: 'PO-1',
      status: 'OK',
      details: 'Updated workflow status for recipeSetReadableId(s): AAAA2222.',
    });
    expect(repo.updateLineItems).toHaveBeenCalledWith(NOW, [
      { id: 1, set: { workflowStatus: 'in-progress' } },
    ]);
    expect(repo.appendHistory).toHaveBeenCalledWith([
      expect.objectContaining({
        lineItemId: 1,
        orderId: 'o1',
        change: 'status',
        workflowStatus: 'in-progress',
        requestId: 'req-7',
      }),
    ]);
    expect(repo.touchOrder).toHaveBeenCalledWith('o1', true, NOW);
  });

  it("moves the recipe sets with their lines' workflow status, and leaves them for the others", async () => {
    const { service, recipeSets } = setup([
      line(1, 'AAAA2222'),
      line(2, 'BBBB3333'),
      line(3, 'CCCC4444'),
    ]);
    await service.updateStatus(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          { recipeSetReadableId: 'AAAA2222', workflowStatus: WorkflowStatus.OnHold },
          { recipeSetReadableId: 'BBBB3333', workflowStatus: WorkflowStatus.InProgressStep1 },
          { recipeSetReadableId: 'CCCC4444', workflowStatus: WorkflowStatus.Revision },
        ],
      },
      'r1',
    );
    expect(recipeSets.setStatus.mock.calls).toEqual([
      [['uuid-1'], RecipeStatus.OnHold, NOW],
      [['uuid-2'], RecipeStatus.Processing, NOW],
    ]);
  });

  it('adds tracking numbers to those already there and keeps the vendor unless a new one is given', async () => {
    const { service, repo } = setup([
      line(1, 'AAAA2222', { shipmentTracking: ['T0'], shipmentVendor: 'UPS' }),
    ]);
    await service.shipNotification(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          { recipeSetReadableId: 'AAAA2222', shipmentTracking: ['T1', 'T0'], serialNumbers: [] },
          { recipeSetReadableId: 'AAAA2222', shipmentTracking: ['T2'], serialNumbers: ['SN1'] },
        ],
      },
      null,
    );
    expect(repo.updateLineItems).toHaveBeenCalledWith(NOW, [
      { id: 1, set: { shipmentTracking: ['T0', 'T1', 'T2'], serialNumbers: ['SN1'] } },
    ]);
    // The history holds what this notification added, not the whole lists again.
    expect(repo.appendHistory).toHaveBeenCalledWith([
      expect.objectContaining({
        change: 'shipment',
        shipmentTracking: ['T1', 'T2'],
        serialNumbers: ['SN1'],
        shipmentVendor: null,
      }),
    ]);
    expect(repo.touchOrder).toHaveBeenCalledWith('o1', false, NOW);
  });

  it('records a new vendor, and nothing for numbers the line item already has', async () => {
    const { service, repo } = setup([
      line(1, 'AAAA2222', {
        shipmentTracking: ['T0'],
        serialNumbers: ['S0'],
        shipmentVendor: 'UPS',
      }),
    ]);
    await service.shipNotification(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          {
            recipeSetReadableId: 'AAAA2222',
            shipmentTracking: ['T0'],
            serialNumbers: ['S0'],
            shipmentVendor: 'DHL',
          },
        ],
      },
      null,
    );
    expect(repo.appendHistory).toHaveBeenCalledWith([
      expect.objectContaining({
        shipmentTracking: null,
        serialNumbers: null,
        shipmentVendor: 'DHL',
      }),
    ]);
  });

  it('refuses a notification that takes a line item past its cap, naming field and limit', async () => {
    const full = Array.from({ length: MAX_TRACKING_NUMBERS }, (_, i) => `T${i}`);
    const { service, repo } = setup([line(1, 'AAAA2222', { shipmentTracking: full })]);
    const out = service.shipNotification(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          { recipeSetReadableId: 'AAAA2222', shipmentTracking: ['T0'] },
          { recipeSetReadableId: 'AAAA2222', shipmentTracking: ['NEW-1', 'NEW-2'] },
        ],
      },
      null,
    );
    await expect(out).rejects.toBeInstanceOf(LineItemListFull);
    await expect(out).rejects.toThrow(
      `Invalid request: lineItems[1].shipmentTracking would give line item AAAA2222 of purchase order PO-1 ${MAX_TRACKING_NUMBERS + 2} tracking numbers; a line item carries at most ${MAX_TRACKING_NUMBERS}. Nothing was updated.`,
    );
    expect(repo.updateLineItems).not.toHaveBeenCalled();
    expect(repo.appendHistory).not.toHaveBeenCalled();
  });

  it('lets a line item already past the cap take notifications that add nothing', async () => {
    const over = Array.from({ length: MAX_SERIAL_NUMBERS + 5 }, (_, i) => `S${i}`);
    const { service, repo } = setup([line(1, 'AAAA2222', { serialNumbers: over })]);
    await service.shipNotification(
      actor,
      {
        purchaseOrderNumber: 'PO-1',
        lineItems: [
          { recipeSetReadableId: 'AAAA2222', serialNumbers: ['S1'], shipmentVendor: 'UPS' },
        ],
      },
      null,
    );
    expect(repo.appendHistory).toHaveBeenCalledWith([
      expect.objectContaining({ serialNumbers: null, shipmentVendor: 'UPS' }),
    ]);
  });

  describe('events', () => {
    it('records a status change per line item that changed, with the previous status', async () => {
      const { service, events } = setup([
        line(1, 'AAAA1111'),
        line(2, 'BBBB2222', { workflowStatus: WorkflowStatus.InProgress }),
      ]);
      await service.updateStatus(
        actor,
        {
          purchaseOrderNumber: 'PO-1',
          lineItems: [
            { recipeSetReadableId: 'AAAA1111', workflowStatus: WorkflowStatus.InProgress },
            { recipeSetReadableId: 'BBBB2222', workflowStatus: WorkflowStatus.InProgress },
          ],
        },
        'r1',
      );
      expect(events.record).toHaveBeenCalledWith([
        expect.objectContaining({
          clientId: 'c1',
          type: 'order.line_item.status_changed',
          purchaseOrderNumber: 'PO-1',
          data: expect.objectContaining({
            recipeSetReadableId: 'AAAA1111',
            status: WorkflowStatus.InProgress,
            previousStatus: WorkflowStatus.NotStarted,
          }),
        }),
      ]);
    });

    it('records a shipment with the tracking numbers it added, and nothing for a repeat', async () => {
      const { service, events } = setup([line(1, 'AAAA1111', { shipmentTracking: ['T1'] })]);
      await service.shipNotification(
        actor,
        {
          purchaseOrderNumber: 'PO-1',
          lineItems: [{ recipeSetReadableId: 'AAAA1111', shipmentTracking: ['T1', 'T2'] }],
        },
        'r1',
      );
      expect(events.record).toHaveBeenLastCalledWith([
        expect.objectContaining({
          type: 'order.shipment.recorded',
          data: expect.objectContaining({ shipmentTracking: ['T2'], serialNumbersAdded: 0 }),
        }),
      ]);
      await service.shipNotification(
        actor,
        {
          purchaseOrderNumber: 'PO-1',
          lineItems: [{ recipeSetReadableId: 'AAAA1111', shipmentTracking: ['T1'] }],
        },
        'r1',
      );
      expect(events.record).toHaveBeenLastCalledWith([]);
    });
  });
});
