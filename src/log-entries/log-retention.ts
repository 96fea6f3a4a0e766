import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { PeriodicTasks } from '../common/scheduling/periodic-task';
import { AppConfig } from '../config/app-config';
import { LogEntriesService } from './log-entries.service';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Purges log entries older than `LOG_ENTRY_RETENTION_DAYS`, at start-up and hourly. */
@Injectable()
export class LogRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop?: () => void;

  constructor(
    private readonly logEntries: LogEntriesService,
    private readonly config: AppConfig,
    private readonly periodic: PeriodicTasks,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext(LogRetention.name);
  }

  onApplicationBootstrap(): void {
    this.stop = this.periodic.start(
      'log-entry-purge',
      PURGE_INTERVAL_MS,
      () => this.purge(),
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  /** Deletes expired entries; returns how many. */
  async purge(): Promise<number> {
    const removed = await this.logEntries.purgeOlderThan(this.config.logEntryRetentionDays);
    if (removed > 0) this.logger.info({ removed }, 'purged old log entries');
    return removed;
  }
}
