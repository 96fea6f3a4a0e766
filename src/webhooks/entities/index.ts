import { EventEntity, EventFanoutEntity, EventSequenceEntity } from './event.entity';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export { EventEntity, EventFanoutEntity, EventSequenceEntity } from './event.entity';
export { AttemptStatus, WebhookAttemptEntity } from './webhook-attempt.entity';
export { EndpointStatus, WebhookEndpointEntity } from './webhook-endpoint.entity';

export const WEBHOOK_ENTITIES = [
  EventEntity,
  EventSequenceEntity,
  EventFanoutEntity,
  WebhookEndpointEntity,
  WebhookAttemptEntity,
];
