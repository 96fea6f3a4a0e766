import { Module } from '@nestjs/common';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { EventsController } from './events.controller';
import { PartnerCliController } from './partner-cli.controller';
import { WebhooksModule } from './webhooks.module';

/** The webhook endpoints' and the event log's routes, and the partner CLI's file. */
@Module({
  imports: [WebhooksModule],
  controllers: [WebhookEndpointsController, EventsController, PartnerCliController],
})
export class WebhooksHttpModule {}
