import { Module } from '@nestjs/common';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { EventsController } from './events.controller';
import { WebhooksModule } from './webhooks.module';

/** The webhook endpoints' and the event log's routes. */
@Module({
  imports: [WebhooksModule],
  controllers: [WebhookEndpointsController, EventsController],
})
export class WebhooksHttpModule {}
