import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { LogEntryRecord, LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { LogEntryEntity } from './entities/log-entry.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class LogEntryNotFound extends DomainError {
  constructor(id: string) {
    super('LOG_ENTRY_NOT_FOUND', ErrorKind.NotFound, `Log entry ${id} was not found.`);
  }
}

/** What the public page shows: exactly what was recorded, and when. */
export type PublicLogEntry = LogEntryRecord & { createdAt: string };

@Injectable()
export class LogEntriesService implements LogEntryRecorder {
  constructor(
    @InjectRepository(LogEntryEntity) private readonly repo: Repository<LogEntryEntity>,
  ) {}

  async record(entry: LogEntryRecord): Promise<void> {
    await this.repo.insert(entry);
  }

  async get(id: string): Promise<PublicLogEntry> {
    const entry = UUID.test(id) ? await this.repo.findOneBy({ id }) : null;
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
  async purgeOlderThan(days: number): Promise<number> {
    const result = await this.repo.delete({
      createdAt: LessThan(new Date(Date.now() - days * 86_400_000)),
    });
    return result.affected ?? 0;
  }
}
