import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { LogEntryRecord, LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { isUuid } from '../common/validation/uuid';
import { LogEntriesRepository } from './log-entries.repository';

export class LogEntryNotFound extends DomainError {
  constructor(id: string) {
    super('LOG_ENTRY_NOT_FOUND', ErrorKind.NotFound, `Log entry ${id} was not found.`);
  }
}

/** What the public page shows: exactly what was recorded, and when. */
export type PublicLogEntry = LogEntryRecord & { createdAt: string };

@Injectable()
export class LogEntriesService implements LogEntryRecorder {
  constructor(private readonly repo: LogEntriesRepository) {}

  async record(entry: LogEntryRecord): Promise<void> {
    await this.repo.insert(entry);
  }

  async get(id: string): Promise<PublicLogEntry> {
    const entry = isUuid(id) ? await this.repo.getById(id) : null;
    if (!entry) throw new LogEntryNotFound(id);
    return {
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      status: entry.status,
      method: entry.method,
      route: entry.route,
      code: entry.code,
      message: entry.message,
      requestId: entry.requestId,
    };
  }

  /** Deletes entries older than `days`; returns how many. */
  purgeOlderThan(days: number): Promise<number> {
    return this.repo.deleteCreatedBefore(new Date(Date.now() - days * 86_400_000));
  }
}
