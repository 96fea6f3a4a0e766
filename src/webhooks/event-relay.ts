import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { PinoLogger } from 'nestjs-pino';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { PeriodicTasks } from '../common/scheduling/periodic-task';
import { CoalescedRun } from '../common/scheduling/coalesced-run';
import { AppConfig } from '../config/app-config';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventLogRepository } from './event-log.repository';
import { WebhookWakeups } from './webhook-wakeups';

/** The most events one relay transaction fans out. */
export const RELAY_BATCH = 500;
/** How often a process with workers looks for events recorded by other processes. */
const POLL_MS = 250;
/** Between two relay transactions under a stream of events: later ones join the next batch. */
const PAUSE_MS = 20;

/**
 * Fans recorded events out to their clients' webhook endpoints after their commit, in batches:
 * takes them off the fan-out list, creates one attempt per event and endpoint that takes it and
 * wakes the delivery loop, in one transaction. One relay runs at a time across processes (a
 * transaction-scoped advisory lock), which takes events in position order: events of one order
 * or recipe set commit in that order (their writers hold its lock), so their attempts are created
 * in it and delivered in it. Runs where workers run: woken after a local commit, and every
 * POLL_MS for events recorded elsewhere.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly flight: CoalescedRun;
  private stop?: () => void;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly log: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly wakeups: WebhookWakeups,
    private readonly periodic: PeriodicTasks,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext(EventRelay.name);
    this.flight = new CoalescedRun(
      async () => {
        await this.drain();
      },
      (err) => this.logger.warn({ err }, 'event relay failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.workers) return;
    this.wakeups.onRelay(() => void this.flight.run());
    this.stop = this.periodic.start('event-relay', POLL_MS, () => this.flight.run(), this.logger);
  }

  /**
   * Before the database pool closes (TypeORM closes it on application shutdown): a relay still
   * running then failed its statement and logged a warning between "draining" and "stopped".
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stop?.();
    await this.flight.settled();
  }

  /** Relays until nothing waits; answers how many events were fanned out. */
  async drain(): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      const n = await this.relayBatch();
      total += n;
      if (n === 0) break;
      if (n < RELAY_BATCH) await sleep(PAUSE_MS);
    }
    return total;
  }

  /** One batch, if no other relay runs: how many events it took. */
  async relayBatch(): Promise<number> {
    if (!(await this.log.fanoutWaiting())) return 0;
    return this.uow.run(async () => {
      if (!(await this.log.lockRelay())) return 0;
      const events = await this.log.takeFanout(RELAY_BATCH);
      await this.scheduler.fanOut(events, undefined, 'here');
      return events.length;
    });
  }
}
