import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Clock } from '../common/clock/clock';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { PeriodicTasks } from '../common/scheduling/periodic-task';
import { AppConfig } from '../config/app-config';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventLogRepository } from './event-log.repository';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookWakeups } from './webhook-wakeups';

const SWEEP_INTERVAL_MS = 30_000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 5_000;

/**
 * In processes that run workers: follows attempts whose process died mid-attempt with new ones,
 * wakes the delivery loop (a safety net: every attempt made due wakes it already), and deletes
 * events older than EVENT_RETENTION_DAYS with their attempts.
 */
@Injectable()
export class WebhookMaintenance implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly events: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly wakeups: WebhookWakeups,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly periodic: PeriodicTasks,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext(WebhookMaintenance.name);
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.workers) return;
    this.stops.push(
      this.periodic.start('webhook-sweep', SWEEP_INTERVAL_MS, () => this.sweep(), this.logger),
      this.periodic.start('event-purge', PURGE_INTERVAL_MS, () => this.purge(), this.logger),
    );
  }

  onApplicationShutdown(): void {
    this.stops.forEach((stop) => stop());
  }

  /** Follows interrupted attempts with new ones and wakes the delivery loop; answers how many. */
  async sweep(): Promise<number> {
    const retried = await this.uow.run(async () => {
      const interrupted = await this.attempts.interrupted(500, this.clock.now());
      for (const attempt of interrupted) await this.scheduler.retry(attempt, 0);
      return interrupted.length;
    });
    this.wakeups.deliver();
    return retried;
  }

  /** Deletes expired events in batches; answers how many. */
  async purge(): Promise<number> {
    const days = this.config.webhooks.eventRetentionDays;
    const before = new Date(this.clock.now().getTime() - days * 86_400_000);
    let removed = 0;
    for (;;) {
      const n = await this.events.deleteOlderThan(before, PURGE_BATCH);
      removed += n;
      if (n < PURGE_BATCH) break;
    }
    if (removed > 0) this.logger.info({ removed }, 'purged old events');
    return removed;
  }
}
