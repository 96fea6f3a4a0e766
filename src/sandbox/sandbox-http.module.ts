import { Module } from '@nestjs/common';
import { SandboxController } from './sandbox.controller';
import { WebToPrintModule } from '../web-to-print';
import { SandboxModule } from './sandbox.module';

/** The sandbox clients' test helpers (`/api/sandbox`). */
@Module({
  // The controller takes sandbox clients' print-file failures from web-to-print.
  imports: [SandboxModule, WebToPrintModule],
  controllers: [SandboxController],
})
export class SandboxHttpModule {}
