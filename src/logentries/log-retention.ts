import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { LogEntriesService } from './log-entries.service';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Purges log entries older than `LOG_ENTRY_RETENTION_DAYS`, at start-up and hourly. */
@Injectable()
export class LogRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly logEntries: LogEntriesService,
    private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext(LogRetention.name);
  }

  onApplicationBootstrap(): void {
    void this.purge();
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      const removed = await this.logEntries.purgeOlderThan(this.config.logEntryRetentionDays);
      if (removed > 0) this.logger.info({ removed }, 'purged old log entries');
      return removed;
    } catch (err) {
      this.logger.warn({ err }, 'log entry purge failed; will retry');
      return 0;
    }
  }
}
