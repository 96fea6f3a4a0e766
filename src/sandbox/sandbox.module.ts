import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders';
import { WebToPrintModule } from '../web-to-print';
import { SandboxMessages } from './sandbox-messages';
import { SandboxOrdersService } from './sandbox-orders.service';
import { SandboxScenarioJob } from './sandbox-scenario.job';

/**
 * Sandbox clients' test helpers (docs/api/sandbox.md): drive an order through a factory's workflow,
 * fail print files, play whole scenarios, read the messages held for them.
 */
@Module({
  imports: [OrdersModule, WebToPrintModule],
  providers: [SandboxOrdersService, SandboxScenarioJob, SandboxMessages],
  exports: [SandboxOrdersService, SandboxScenarioJob, SandboxMessages],
})
export class SandboxModule {}
