import { Module } from '@nestjs/common';
import { ConsoleController } from './console.controller';
import { ConsoleModule } from './console.module';

/** Serves the admin console at /console. */
@Module({
  imports: [ConsoleModule],
  controllers: [ConsoleController],
})
export class ConsoleHttpModule {}
