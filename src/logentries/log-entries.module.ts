import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { LogEntryEntity } from './entities/log-entry.entity';
import { LogEntriesController } from './log-entries.controller';
import { LogEntriesService } from './log-entries.service';
import { LogRetention } from './log-retention';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LogEntryEntity])],
  controllers: [LogEntriesController],
  providers: [
    LogEntriesService,
    LogRetention,
    { provide: LogEntryRecorder, useExisting: LogEntriesService },
  ],
  exports: [LogEntryRecorder],
})
export class LogEntriesModule {}
