/**
 * What other modules may use of the webhooks module (lint forbids deep imports from outside).
 * Feature modules record events through EventRecorder (src/common/events), never through this.
 */
export { WebhooksModule } from './webhooks.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { WebhooksHttpModule } from './webhooks-http.module';
export { WebhookEndpointsService } from './webhook-endpoints.service';
export { WebhookDeliveriesService } from './webhook-deliveries.service';
/** The create body, for the CLI's `webhooks create` (checked by the same rules). */
export { CreateEndpointDto } from './dto/endpoint.dto';
/** For the whole-schema list. */
export { WEBHOOK_ENTITIES } from './entities';
/** The delivery queue's claim, for the tests that check whose attempts it takes first. */
export { ClaimLimits, WebhookAttemptsRepository } from './webhook-attempts.repository';
