import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig, WebhookSettings } from '../config/app-config';
import { Clock } from '../common/clock/clock';
import { FieldCipher } from '../common/crypto/field-cipher';
import { signWebhook } from '../common/crypto/standard-webhooks';
import { postPinned, PostFailed } from '../common/http/outbound-post';
import { OutboundTargets, TargetRefused } from '../common/http/outbound-target';
import { JobQueue } from '../common/jobs/job-queue';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { MetricsService } from '../metrics/metrics.service';
import { describeAnswer, verdict } from './delivery-policy';
import { DeliveryScheduler } from './delivery-scheduler';
import { EndpointAlerts } from './endpoint-alerts';
import { EventEntity, WebhookAttemptEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookMetrics } from './webhook-metrics';
import { secretContext } from './webhook-secrets';
import { envelopeOf } from './stored-event-recorder';

export const USER_AGENT = 'ProductCustomizer-Webhooks/1.0 (+https://www.standardwebhooks.com)';

/** What one POST gave: an answer (status), or none (`status` null) and why. */
interface Sent {
  status: number | null;
  retryAfterSeconds: number | null;
  durationMs: number | null;
  error: string | null;
}

/**
 * Makes delivery attempts (the `deliver-webhook` job): claims a pending attempt that heads its
 * ordering key, POSTs the event signed per Standard Webhooks to the endpoint's checked address,
 * and records the outcome with what follows it (the next attempt on the retry schedule, or the
 * next event of the key) in one transaction. The claim outlasts the longest attempt, so a worker
 * that dies mid-attempt leaves it to be made again once the claim and its job expire.
 */
@Injectable()
export class WebhookDeliverer implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private readonly settings: WebhookSettings;
  private readonly targets: OutboundTargets;
  private readonly metrics: WebhookMetrics;
  private readonly claimSeconds: number;

  constructor(
    config: AppConfig,
    metrics: MetricsService,
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly events: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly alerts: EndpointAlerts,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {
    this.settings = config.webhooks;
    this.targets = new OutboundTargets({ allowPrivate: this.settings.allowPrivateTargets });
    this.metrics = new WebhookMetrics(metrics.registry, () => this.attempts.oldestDueAgeSeconds());
    // DNS (5 s at most) and the POST, with room to record the outcome.
    this.claimSeconds = Math.ceil(this.settings.timeoutMs / 1000) + 30;
  }

  onModuleInit(): void {
    this.jobs.handle('deliver-webhook', (data) => this.deliver(data.attemptId), {
      concurrency: 8,
    });
  }

  /** One attempt, if it is due to be made now (else its job ends: see claimHead). */
  async deliver(attemptId: string): Promise<void> {
    const attempt = await this.attempts.claimHead(attemptId, this.claimSeconds);
    if (!attempt) return;
    const [endpoint, event] = await Promise.all([
      this.endpoints.find(attempt.endpointId),
      this.events.byId(attempt.eventId),
    ]);
    if (!endpoint || !event) return; // deleted meanwhile: the attempt went with it
    if (endpoint.status !== 'enabled') {
      await this.settle(attempt, endpoint, {
        status: null,
        retryAfterSeconds: null,
        durationMs: null,
        error: 'the endpoint is disabled',
      });
      return;
    }
    if (attempt.attempt === 1)
      this.metrics.firstAttemptStarted(Date.now() - event.createdAt.getTime());
    await this.settle(attempt, endpoint, await this.send(endpoint, event));
  }

  /** The secrets that sign a delivery now: the current one, and the previous one for a while. */
  private secrets(endpoint: WebhookEndpointEntity): string[] {
    const current = this.cipher.decrypt(endpoint.secret, secretContext(endpoint.id));
    const previous =
      endpoint.previousSecret &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil > this.clock.now()
        ? [this.cipher.decrypt(endpoint.previousSecret, secretContext(endpoint.id, 'previous'))]
        : [];
    return [current, ...previous];
  }

  private async send(endpoint: WebhookEndpointEntity, event: EventEntity): Promise<Sent> {
    const started = performance.now();
    try {
      // Checked again at every attempt: a name may resolve elsewhere since it was accepted.
      const target = await this.targets.resolve(endpoint.url);
      const body = JSON.stringify(envelopeOf(event));
      // Wall-clock time: receivers compare it with theirs (a tolerance of minutes).
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await postPinned(
        target,
        body,
        {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': event.publicId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(this.secrets(endpoint), event.publicId, timestamp, body),
        },
        this.settings.timeoutMs,
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        status: answer.status,
        retryAfterSeconds: answer.retryAfterSeconds,
        durationMs: Math.round(answer.durationMs),
        error: ok ? null : describeAnswer(answer.status, answer.bodyExcerpt),
      };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      if (err instanceof TargetRefused)
        return { status: null, retryAfterSeconds: null, durationMs, error: err.reason };
      if (err instanceof PostFailed)
        return { status: null, retryAfterSeconds: null, durationMs, error: err.message };
      throw err;
    }
  }

  /** Records the attempt's outcome and what follows it, in one transaction. */
  private async settle(
    attempt: WebhookAttemptEntity,
    endpoint: WebhookEndpointEntity,
    sent: Sent,
  ): Promise<void> {
    const disabled = endpoint.status !== 'enabled';
    const v = disabled
      ? ({ kind: 'exhausted' } as const)
      : verdict(this.settings.retrySchedule, attempt.attempt, sent);
    const now = this.clock.now();
    await this.uow.run(async () => {
      const recorded = await this.attempts.resolve(attempt.id, {
        status: v.kind === 'succeeded' ? 'succeeded' : 'failed',
        responseStatus: sent.status,
        durationMs: sent.durationMs,
        error: sent.error,
        at: now,
      });
      if (!recorded) return;
      this.metrics.attempted(
        disabled ? 'skipped' : v.kind === 'retry' ? 'retried' : v.kind,
        sent.durationMs,
      );
      if (v.kind === 'succeeded') await this.endpoints.healthy(endpoint.id);
      else if (!disabled) {
        const since = await this.endpoints.failing(endpoint.id, now);
        const failingMs = now.getTime() - since.getTime();
        if (v.kind === 'gone') return this.disable(endpoint, 'it answered 410 Gone', now);
        if (failingMs >= this.settings.disableAfterMs)
          return this.disable(
            endpoint,
            `every delivery failed for ${Math.round(failingMs / 3_600_000)} hours`,
            now,
          );
        if (v.kind === 'retry') return this.scheduler.retry(attempt, v.delaySeconds);
      }
      // This event is done at this endpoint: the next one of its ordering key may go.
      if (attempt.orderingKey) {
        const next = await this.attempts.nextOf(endpoint.id, attempt.orderingKey);
        if (next) await this.scheduler.queue([{ id: next, delaySeconds: 0 }]);
      }
    });
  }

  private async disable(endpoint: WebhookEndpointEntity, reason: string, at: Date): Promise<void> {
    await this.endpoints.update(endpoint.id, {
      status: 'disabled',
      disabledReason: reason,
      updatedAt: at,
    });
    await this.attempts.failPending(endpoint.id, `the endpoint was disabled: ${reason}`, at);
    await this.alerts.disabled(endpoint, reason);
    this.logger.warn(
      { endpointId: endpoint.id, clientId: endpoint.clientId, reason },
      'webhook endpoint disabled',
    );
  }
}
