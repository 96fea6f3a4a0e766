import { Module } from '@nestjs/common';
import { LogEntriesController } from './log-entries.controller';
import { LogEntriesModule } from './log-entries.module';

/** The log entries' public page and JSON. */
@Module({
  imports: [LogEntriesModule],
  controllers: [LogEntriesController],
})
export class LogEntriesHttpModule {}
