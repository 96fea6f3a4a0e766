import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { LogEntryRecord } from '../common/errors/log-entry-recorder';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { LogEntryEntity } from './entities/log-entry.entity';

/** Queries over the public log entries. */
@Injectable()
export class LogEntriesRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(entry: LogEntryRecord): Promise<void> {
    await this.uow.manager.insert(LogEntryEntity, entry);
  }

  getById(id: string): Promise<LogEntryEntity | null> {
    return this.uow.manager.findOneBy(LogEntryEntity, { id });
  }

  /** Deletes entries created before `cutoff`; returns how many. */
  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    const result = await this.uow.manager.delete(LogEntryEntity, { createdAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
