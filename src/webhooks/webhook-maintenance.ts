import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { runPeriodically } from '../common/scheduling/periodic-task';
import { AppConfig } from '../config/app-config';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventLogRepository } from './event-log.repository';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';

const SWEEP_INTERVAL_MS = 30_000;
/** A due attempt without a worker for this long lost its job, or waited behind an earlier one. */
const STALLED_AFTER_SECONDS = 15;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 5_000;

/**
 * In processes that run workers: queues due attempts that no job will make (a lost job, one whose
 * worker died mid-attempt, or one that ran while an earlier event of its order still waited and
 * whose turn came in a race), and deletes
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
    private readonly jobs: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext(WebhookMaintenance.name);
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.workers) return;
    this.stops.push(
      runPeriodically('webhook-sweep', SWEEP_INTERVAL_MS, () => this.sweep(), this.logger),
      runPeriodically('event-purge', PURGE_INTERVAL_MS, () => this.purge(), this.logger),
    );
  }

  onApplicationShutdown(): void {
    this.stops.forEach((stop) => stop());
  }

  /**
   * Follows interrupted attempts with new ones, and queues stalled attempts; answers how many
   * attempts were queued.
   */
  async sweep(): Promise<number> {
    const retried = await this.uow.run(async () => {
      const interrupted = await this.attempts.interrupted(500, this.clock.now());
      for (const attempt of interrupted) await this.scheduler.retry(attempt, 0);
      return interrupted.length;
    });
    const stalled = await this.attempts.stalled(STALLED_AFTER_SECONDS, 500);
    // Not those whose job waits already (workers busy): a backlog must not grow duplicates.
    const waiting = await this.jobs.waitingKeys('deliver-webhook', stalled);
    const ids = stalled.filter((id) => !waiting.has(id));
    await this.scheduler.queue(ids.map((id) => ({ id, delaySeconds: 0 })));
    return retried + ids.length;
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
