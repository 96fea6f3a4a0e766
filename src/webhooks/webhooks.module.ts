import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { deriveSecrets, KeyRing } from '../common/crypto/key-ring';
import { OutboundTargets } from '../common/http/outbound-target';
import { AppConfig } from '../config/app-config';
import { EventRecorder } from '../common/events/event-recorder';
import { DeliverWebhookJob } from './deliver-webhook.job';
import { DeliveryScheduler } from './delivery-scheduler';
import { EndpointAlerts } from './endpoint-alerts';
import { WEBHOOK_ENTITIES } from './entities';
import { EventLogRepository } from './event-log.repository';
import { EventCursors, EventLogService, eventCursors } from './event-log.service';
import { EventRelay } from './event-relay';
import { StoredEventRecorder } from './stored-event-recorder';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookMaintenance } from './webhook-maintenance';
import { WebhookRequestLimits } from './webhook-request-limits';
import { WebhookSender } from './webhook-sender';
import { WebhookWakeups } from './webhook-wakeups';

/**
 * Events and webhooks: the event log every module records into (through the EventRecorder port of
 * common/events, provided here for all of them), endpoints, signed deliveries with retries and
 * per-order sequence, and the delivery log.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(WEBHOOK_ENTITIES), ClientsModule],
  providers: [
    EventLogRepository,
    WebhookAttemptsRepository,
    WebhookEndpointsRepository,
    WebhookWakeups,
    {
      // One check of webhook URLs for the module: at creation and at every delivery.
      provide: OutboundTargets,
      useFactory: ({ webhooks }: AppConfig) =>
        new OutboundTargets({
          allowPrivate: webhooks.allowPrivateTargets,
          allowedPorts: webhooks.allowedPorts,
          lookupTimeoutMs: webhooks.dns.timeoutMs,
          lookupBudget: { concurrent: webhooks.dns.concurrent, perMinute: webhooks.dns.perMinute },
        }),
      inject: [AppConfig],
    },
    DeliveryScheduler,
    EventRelay,
    WebhookSender,
    WebhookRequestLimits,
    StoredEventRecorder,
    { provide: EventRecorder, useExisting: StoredEventRecorder },
    EndpointAlerts,
    WebhookDeliverer,
    DeliverWebhookJob,
    WebhookEndpointsService,
    WebhookDeliveriesService,
    {
      // Cursors sealed with a secret of each data key (rotation keeps stored cursors working).
      provide: EventCursors,
      useFactory: (keys: KeyRing) => eventCursors(deriveSecrets(keys, 'event-cursors')),
      inject: [KeyRing],
    },
    EventLogService,
    WebhookMaintenance,
  ],
  exports: [EventRecorder, WebhookEndpointsService, WebhookDeliveriesService, EventLogService],
})
export class WebhooksModule {}
