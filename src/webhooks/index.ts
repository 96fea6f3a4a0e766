/**
 * What other modules may use of the webhooks module (lint forbids deep imports from outside).
 * Feature modules record events through EventRecorder (src/common/events), never through this.
 */
export { WebhooksModule } from './webhooks.module';
export { WebhookEndpointsService } from './webhook-endpoints.service';
export { WebhookDeliveriesService } from './webhook-deliveries.service';
/** For the whole-schema list. */
export { WEBHOOK_ENTITIES } from './entities';
