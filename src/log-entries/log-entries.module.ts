import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { LOG_ENTRY_ENTITIES } from './entities';
import { LogEntriesRepository } from './log-entries.repository';
import { LogEntriesService } from './log-entries.service';
import { LogRetention } from './log-retention';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(LOG_ENTRY_ENTITIES)],
  providers: [
    LogEntriesRepository,
    LogEntriesService,
    LogRetention,
    { provide: LogEntryRecorder, useExisting: LogEntriesService },
  ],
  exports: [LogEntryRecorder, LogEntriesService],
})
export class LogEntriesModule {}
