import { PinoLogger } from 'nestjs-pino';
import { FakeUnitOfWork } from '../../test/support/fake-unit-of-work';
import { ManualClock } from '../../test/support/manual-clock';
import { strictMock } from '../../test/support/strict-mock';
import { JobQueue } from '../common/jobs/job-queue';
import { PeriodicTasks } from '../common/scheduling/periodic-task';
import { AppConfig } from '../config/app-config';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import { EventRelay, RELAY_BATCH } from './event-relay';
import { NewAttempt, WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookWakeups } from './webhook-wakeups';

const event = (n: number, clientId = 'a', type = 'order.created'): EventEntity =>
  ({ id: `ev${n}`, clientId, type, position: String(n), orderingKey: 'po:1' }) as EventEntity;

const endpoints: WebhookEndpointEntity[] = [
  { id: 'ea-all', clientId: 'a', eventTypes: null },
  { id: 'ea-shipped', clientId: 'a', eventTypes: ['order.shipped'] },
  { id: 'eb-all', clientId: 'b', eventTypes: null },
] as WebhookEndpointEntity[];

/**
 * The relay over an in-memory fan-out list (`waiting`, oldest first), the real scheduler over
 * in-memory repositories, and a fake unit of work whose `events` list commits and wake-ups.
 */
function setup(options: { workers?: boolean; locked?: boolean; waiting?: EventEntity[] } = {}) {
  const tx = new FakeUnitOfWork();
  const waiting = options.waiting ?? [];
  const taken: { limit: number; inTransaction: boolean }[] = [];
  const log = strictMock<EventLogRepository>(
    {
      fanoutWaiting: jest.fn(() => Promise.resolve(waiting.length > 0)),
      lockRelay: jest.fn(() => Promise.resolve(!options.locked)),
      takeFanout: (limit: number) => {
        taken.push({ limit, inTransaction: tx.inTransaction });
        return Promise.resolve(waiting.splice(0, limit));
      },
    },
    'events',
  );
  const { rows: inserted, insert } = tx.inserts<NewAttempt>();
  const attempts = strictMock<WebhookAttemptsRepository>({ insert }, 'attempts');
  const endpointsRepo = strictMock<WebhookEndpointsRepository>(
    {
      enabledOf: (ids: string[]) =>
        Promise.resolve(endpoints.filter((e) => ids.includes(e.clientId))),
    },
    'endpoints',
  );
  const wakeups = new WebhookWakeups();
  wakeups.onDelivery(() => tx.events.push('deliver'));
  const jobs = strictMock<JobQueue>({}, 'jobs'); // the relay wakes this process only
  const scheduler = new DeliveryScheduler(
    tx.uow,
    endpointsRepo,
    attempts,
    jobs,
    wakeups,
    new ManualClock(),
  );
  const periodic = { start: jest.fn(), stop: jest.fn() };
  periodic.start.mockReturnValue(periodic.stop);
  const logger = { setContext: jest.fn(), warn: jest.fn() };
  const relay = new EventRelay(
    { jobs: { workers: options.workers ?? true } } as AppConfig,
    tx.uow,
    log,
    scheduler,
    wakeups,
    strictMock<PeriodicTasks>(periodic, 'periodic'),
    logger as unknown as PinoLogger,
  );
  /** The task the relay started with PeriodicTasks (its poll). */
  const poll = () => (periodic.start.mock.calls[0] as [string, number, () => Promise<void>])[2]();
  return { relay, tx, log, waiting, taken, inserted, wakeups, periodic, logger, poll };
}

describe('EventRelay.relayBatch', () => {
  it('opens no transaction while nothing waits', async () => {
    const { relay, tx, log } = setup();
    expect(await relay.relayBatch()).toBe(0);
    expect(log.lockRelay).not.toHaveBeenCalled();
    expect(tx.events).toEqual([]);
  });

  it('takes nothing while another relay holds the lock', async () => {
    const { relay, taken, waiting } = setup({ locked: true, waiting: [event(1)] });
    expect(await relay.relayBatch()).toBe(0);
    expect(taken).toEqual([]);
    expect(waiting).toHaveLength(1);
  });

  it("makes each event's attempts for the endpoints of its client that take it, in the transaction that takes it, and wakes delivery after the commit", async () => {
    const { relay, tx, taken, inserted } = setup({
      waiting: [event(1), event(2, 'b'), event(3, 'a', 'order.shipped'), event(4, 'c')],
    });
    expect(await relay.relayBatch()).toBe(4);
    expect(taken).toEqual([{ limit: RELAY_BATCH, inTransaction: true }]);
    expect(inserted.map((r) => [r.eventId, r.endpointId, r.inTransaction])).toEqual([
      ['ev1', 'ea-all', true],
      ['ev2', 'eb-all', true],
      ['ev3', 'ea-all', true],
      ['ev3', 'ea-shipped', true],
    ]);
    expect(tx.events).toEqual(['commit', 'deliver']);
  });
});

describe('EventRelay.drain', () => {
  it('relays batch after batch until nothing waits; answers how many events it took', async () => {
    const waiting = Array.from({ length: RELAY_BATCH + 3 }, (_, i) => event(i + 1, 'c'));
    const { relay, taken } = setup({ waiting });
    expect(await relay.drain()).toBe(RELAY_BATCH + 3);
    expect(taken.map((t) => t.limit)).toEqual([RELAY_BATCH, RELAY_BATCH]);
    expect(waiting).toEqual([]);
  });

  it('stops at shutdown: no batch after it', async () => {
    const { relay, taken } = setup({ waiting: [event(1)] });
    await relay.beforeApplicationShutdown();
    expect(await relay.drain()).toBe(0);
    expect(taken).toEqual([]);
  });
});

describe('EventRelay in a process', () => {
  it('without workers: starts no poll and ignores wake-ups', async () => {
    const { relay, periodic, wakeups, log } = setup({ workers: false, waiting: [event(1)] });
    relay.onApplicationBootstrap();
    wakeups.relay();
    await relay.beforeApplicationShutdown();
    expect(periodic.start).not.toHaveBeenCalled();
    expect(log.fanoutWaiting).not.toHaveBeenCalled();
  });

  it('with workers: polls every 250 ms and relays when woken; stops its poll at shutdown', async () => {
    const { relay, periodic, wakeups, inserted, waiting, poll } = setup({ waiting: [event(1)] });
    relay.onApplicationBootstrap();
    expect(periodic.start).toHaveBeenCalledWith(
      'event-relay',
      250,
      expect.any(Function),
      expect.anything(),
    );
    wakeups.relay();
    await relay.beforeApplicationShutdown(); // waits for the relay the wake-up started
    expect(inserted.map((r) => r.eventId)).toEqual(['ev1']);
    expect(periodic.stop).toHaveBeenCalled();

    waiting.push(event(2));
    await poll();
    expect(inserted.map((r) => r.eventId)).toEqual(['ev1']); // stopped: left for another process
  });

  it('logs a failed relay as a warning and relays at the next poll', async () => {
    const { relay, log, logger, inserted, poll } = setup({ waiting: [event(1)] });
    relay.onApplicationBootstrap();
    (log.fanoutWaiting as jest.Mock).mockRejectedValueOnce(new Error('connection reset'));
    await poll();
    expect(logger.warn).toHaveBeenCalledWith(
      { err: new Error('connection reset') },
      'event relay failed; will retry',
    );
    expect(inserted).toEqual([]);
    await poll();
    expect(inserted.map((r) => r.eventId)).toEqual(['ev1']);
    await relay.beforeApplicationShutdown();
  });
});
