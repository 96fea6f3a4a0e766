import { FakeUnitOfWork } from '../../test/support/fake-unit-of-work';
import { ManualClock } from '../../test/support/manual-clock';
import { strictMock } from '../../test/support/strict-mock';
import { JobQueue } from '../common/jobs/job-queue';
import { DeliveryScheduler, FannedEvent, takes } from './delivery-scheduler';
import { WebhookEndpointEntity } from './entities';
import { NewAttempt, WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookWakeups } from './webhook-wakeups';

const NOW = Date.parse('2026-05-01T10:00:00Z');

const endpoint = (
  id: string,
  clientId: string,
  eventTypes: string[] | null = null,
): WebhookEndpointEntity => ({ id, clientId, eventTypes }) as WebhookEndpointEntity;

const event = (
  id: string,
  clientId: string,
  type = 'order.created',
  key: string | null = 'po:1',
): FannedEvent => ({
  id,
  clientId,
  type,
  position: String(100 + Number(id.replace(/\D/g, '') || 0)),
  orderingKey: key,
});

/**
 * The scheduler over in-memory repositories and a fake unit of work: `inserted` holds the
 * attempts written (and whether in a transaction), `jobs` the `deliver-webhook` jobs sent,
 * `events` the commits and local wake-ups in order.
 */
function setup(enabled: WebhookEndpointEntity[] = []) {
  const tx = new FakeUnitOfWork();
  const clock = new ManualClock(NOW);
  const { rows: inserted, insert } = tx.inserts<NewAttempt>();
  const asked: string[][] = [];
  const jobs: { name: string; delaySeconds: number | undefined }[] = [];
  const endpoints = strictMock<WebhookEndpointsRepository>(
    {
      enabledOf: (clientIds: string[]) => {
        asked.push([...clientIds]);
        return Promise.resolve(enabled.filter((e) => clientIds.includes(e.clientId)));
      },
    },
    'endpoints',
  );
  const attempts = strictMock<WebhookAttemptsRepository>({ insert }, 'attempts');
  const queue = strictMock<JobQueue>(
    {
      sendMany: (name: string, list: { delaySeconds?: number }[]) => {
        jobs.push(...list.map((j) => ({ name, delaySeconds: j.delaySeconds })));
        return Promise.resolve();
      },
    },
    'jobs',
  );
  const wakeups = new WebhookWakeups();
  wakeups.onDelivery(() => tx.events.push('deliver'));
  const scheduler = new DeliveryScheduler(tx.uow, endpoints, attempts, queue, wakeups, clock);
  /** Wake-ups outside a transaction run on the next microtask. */
  const settle = () => new Promise((r) => setImmediate(r));
  return { scheduler, wakeups, tx, clock, inserted, asked, jobs, settle };
}

describe('takes (which events an endpoint gets)', () => {
  it('takes every type without a list, the listed ones with one, and never a ping', () => {
    expect(takes({ eventTypes: null }, 'order.created')).toBe(true);
    expect(takes({ eventTypes: ['order.shipped'] }, 'order.shipped')).toBe(true);
    expect(takes({ eventTypes: ['order.shipped'] }, 'order.created')).toBe(false);
    expect(takes({ eventTypes: null }, 'webhook.ping')).toBe(false);
    expect(takes({ eventTypes: ['webhook.ping'] }, 'webhook.ping')).toBe(false);
  });
});

describe('DeliveryScheduler.fanOut', () => {
  const a1 = endpoint('ea1', 'a');
  const a2 = endpoint('ea2', 'a', ['order.shipped']);
  const b1 = endpoint('eb1', 'b');

  it('makes one first attempt, due now, per event and enabled endpoint of its client that takes it', async () => {
    const { scheduler, inserted, asked } = setup([a1, a2, b1]);
    const ids = await scheduler.fanOut([
      event('e1', 'a', 'order.created'),
      event('e2', 'a', 'order.shipped', 'po:2'),
      event('e3', 'b', 'order.created', null),
    ]);
    expect(asked).toEqual([['a', 'b']]);
    expect(inserted.map((r) => [r.eventId, r.endpointId])).toEqual([
      ['e1', 'ea1'],
      ['e2', 'ea1'],
      ['e2', 'ea2'],
      ['e3', 'eb1'],
    ]);
    expect(inserted[2]).toEqual({
      id: ids[2],
      endpointId: 'ea2',
      eventId: 'e2',
      eventPosition: '102',
      orderingKey: 'po:2',
      eventType: 'order.shipped',
      attempt: 1,
      dueAt: new Date(NOW),
      createdAt: new Date(NOW),
      inTransaction: false,
    });
    expect(inserted[3].orderingKey).toBeNull();
    expect(ids).toEqual(inserted.map((r) => r.id));
    expect(new Set(ids).size).toBe(4);
  });

  it('writes nothing and wakes nothing when no endpoint takes the events', async () => {
    const { scheduler, inserted, jobs, tx, settle } = setup([a2]);
    expect(await scheduler.fanOut([event('e1', 'a', 'order.created')])).toEqual([]);
    expect(await scheduler.fanOut([event('e2', 'c')])).toEqual([]);
    expect(await scheduler.fanOut([])).toEqual([]);
    await settle();
    expect(inserted).toEqual([]);
    expect(jobs).toEqual([]);
    expect(tx.events).toEqual([]);
  });

  it('sends to the endpoints given whatever their types (a ping, a replay), of the same client only', async () => {
    const { scheduler, inserted, asked } = setup([a1, b1]);
    await scheduler.fanOut(
      [event('e1', 'a', 'webhook.ping'), event('e2', 'b', 'order.created')],
      [a2],
    );
    expect(asked).toEqual([]);
    expect(inserted.map((r) => [r.eventId, r.endpointId])).toEqual([['e1', 'ea2']]);
  });

  it('wakes every process through a job, and this one after the commit', async () => {
    const { scheduler, tx, jobs, inserted } = setup([a1]);
    await tx.run(async () => {
      await scheduler.fanOut([event('e1', 'a')]);
      expect(jobs).toEqual([{ name: 'deliver-webhook', delaySeconds: 0 }]);
      tx.events.push('work done');
    });
    expect(inserted.every((r) => r.inTransaction)).toBe(true);
    expect(tx.events).toEqual(['work done', 'commit', 'deliver']);
  });

  it("wakes only this process's loop when asked to (the relay): no job", async () => {
    const { scheduler, tx, jobs } = setup([a1]);
    await tx.run(async () => {
      await scheduler.fanOut([event('e1', 'a')], undefined, 'here');
    });
    expect(jobs).toEqual([]);
    expect(tx.events).toEqual(['commit', 'deliver']);
  });

  it('wakes nothing when the transaction rolls back', async () => {
    const { scheduler, tx, settle } = setup([a1]);
    await expect(
      tx.run(async () => {
        await scheduler.fanOut([event('e1', 'a')], undefined, 'here');
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    await settle();
    expect(tx.events).toEqual(['rollback']);
  });
});

describe('DeliveryScheduler.retry', () => {
  const previous = {
    endpointId: 'ea1',
    eventId: 'e1',
    eventPosition: '101',
    orderingKey: 'po:1',
    eventType: 'order.created',
    attempt: 2,
  };

  it('makes the next attempt, due the delay later, and a job delayed to then (whole seconds up)', async () => {
    const { scheduler, inserted, jobs, tx, clock, settle } = setup();
    clock.advance(500);
    // The claimed attempt as the deliverer has it: only the event's fields go to the next one.
    const claimed = { ...previous, id: 'a-old', clientId: 'a', sandbox: false };
    await scheduler.retry(claimed, 4.2);
    await settle();
    expect(inserted).toEqual([
      {
        id: expect.any(String),
        ...previous,
        attempt: 3,
        dueAt: new Date(NOW + 500 + 4200),
        createdAt: new Date(NOW + 500),
        inTransaction: false,
      },
    ]);
    expect(inserted[0].id).not.toBe('a-old');
    expect(jobs).toEqual([{ name: 'deliver-webhook', delaySeconds: 5 }]);
    // Not due yet: this process is not woken now (its job and poll find it when it is).
    expect(tx.events).toEqual([]);
  });

  it('wakes this process after the commit when the retry is due at once', async () => {
    const { scheduler, jobs, tx } = setup();
    await tx.run(() => scheduler.retry(previous, 0));
    expect(jobs).toEqual([{ name: 'deliver-webhook', delaySeconds: 0 }]);
    expect(tx.events).toEqual(['commit', 'deliver']);
  });
});

describe('DeliveryScheduler.relaySoon', () => {
  it('wakes the relay after the commit, not before', async () => {
    const { scheduler, wakeups, tx } = setup();
    wakeups.onRelay(() => tx.events.push('relay'));
    await tx.run(() => {
      scheduler.relaySoon();
      tx.events.push('work done');
      return Promise.resolve();
    });
    expect(tx.events).toEqual(['work done', 'commit', 'relay']);
  });
});
