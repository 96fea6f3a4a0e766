import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig, WebhookSettings } from '../config/app-config';
import { Clock } from '../common/clock/clock';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { CoalescedRun } from '../common/scheduling/coalesced-run';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { breakerOpenUntil } from './circuit-breaker';
import { verdict } from './delivery-policy';
import { DeliveryScheduler } from './delivery-scheduler';
import { DeliverySlots } from './delivery-slots';
import { EndpointAlerts } from './endpoint-alerts';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import { ClaimedAttempt, WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookMetrics } from './webhook-metrics';
import { Sent, WebhookSender } from './webhook-sender';
import { WebhookWakeups } from './webhook-wakeups';

/** The most attempts one claim takes. */
const CLAIM_BATCH = 64;
/** The most attempts this process makes at once… */
const MAX_IN_FLIGHT = 128;
/** …and at one endpoint: a slow receiver holds up only its own deliveries… */
const MAX_PER_ENDPOINT = 16;
/** …and for sandbox clients together: the rest is always left to live clients. */
const MAX_SANDBOX_IN_FLIGHT = 16;
/** How often a worker process looks for due attempts it was not woken for (other processes'). */
const POLL_MS = 1_000;

const ENDPOINT_DISABLED: Sent = {
  status: null,
  retryAfterSeconds: null,
  durationMs: null,
  error: 'the endpoint is disabled',
};

function ok(sent: Sent): boolean {
  return sent.status !== null && sent.status >= 200 && sent.status < 300;
}

/**
 * Makes delivery attempts where workers run. Woken after a local commit that made attempts due,
 * and by the `deliver-webhook` job (DeliverWebhookJob: sent with them, delayed for a retry), it claims due attempts
 * that head their ordering key in batches, per client in turn within this process's room
 * (DeliverySlots: per process, endpoint, client and for sandbox clients; endpoints whose circuit
 * breaker is open are left out), and makes each endpoint's together: the POSTs at once,
 * then the successes recorded in one statement, each failure with what follows it (the next
 * attempt on the retry schedule, or disabling the endpoint) in its own transaction. When an
 * endpoint's batch is done, the next events of its keys are due: the loop claims again. The claim
 * outlasts the longest attempt, so a process that dies mid-attempt leaves it to the sweep
 * (WebhookMaintenance), which fails it and makes a new attempt.
 */
@Injectable()
export class WebhookDeliverer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly settings: WebhookSettings;
  private readonly metrics: WebhookMetrics;
  private readonly claimSeconds: number;
  private readonly flight: CoalescedRun;
  private readonly slots: DeliverySlots;
  private readonly batches = new Set<Promise<void>>();
  private stopping = false;
  private poll?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    metrics: MetricsRegistry,
    private readonly uow: UnitOfWork,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly events: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly alerts: EndpointAlerts,
    private readonly sender: WebhookSender,
    private readonly wakeups: WebhookWakeups,
    private readonly clock: Clock,
  ) {
    this.settings = config.webhooks;
    this.metrics = new WebhookMetrics(metrics.registry, {
      oldestDueAgeSeconds: () => this.attempts.oldestDueAgeSeconds(),
      breakersOpen: () => this.endpoints.breakersOpen(),
    });
    // DNS (5 s at most) and the POST, with room to record the outcome.
    this.claimSeconds = Math.ceil(this.settings.timeoutMs / 1000) + 30;
    this.slots = new DeliverySlots({
      total: MAX_IN_FLIGHT,
      perEndpoint: MAX_PER_ENDPOINT,
      perClient: Math.min(MAX_IN_FLIGHT, this.settings.clientConcurrency),
      sandbox: MAX_SANDBOX_IN_FLIGHT,
    });
    this.flight = new CoalescedRun(
      () => this.claimAndStart(),
      (err) => this.logger.warn({ err }, 'could not claim webhook attempts; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.workers) return;
    this.wakeups.onDelivery(() => void this.deliverDue());
    this.poll = setInterval(() => void this.deliverDue(), POLL_MS).unref();
  }

  /** Lets the attempts being made finish (up to their timeout), claiming no more. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poll);
    await this.flight.settled();
    await Promise.race([
      Promise.allSettled([...this.batches]),
      sleep(this.settings.timeoutMs + 5_000, undefined, { ref: false }),
    ]);
  }

  /** Starts every due attempt this process has room for; settles once they are started. */
  deliverDue(): Promise<void> {
    return this.flight.run();
  }

  private async claimAndStart(): Promise<void> {
    while (!this.stopping) {
      const room = Math.min(CLAIM_BATCH, this.slots.free);
      if (room <= 0) return; // a batch that ends claims again
      const claimed = await this.attempts.claimDue(room, this.claimSeconds, {
        dueBy: this.clock.now(),
        perEndpoint: MAX_PER_ENDPOINT,
        endpointRoom: this.slots.endpointRoom(),
        perClient: this.slots.limits.perClient,
        clientRoom: this.slots.clientRoom(),
        sandboxRoom: this.slots.sandboxRoom(),
      });
      if (claimed.length === 0) return;
      // What the attempts need, for all of them at once.
      const [endpoints, events] = await Promise.all([
        this.endpoints.byIds(claimed.map((a) => a.endpointId)),
        this.events.byIds(claimed.map((a) => a.eventId)),
      ]);
      const byEndpoint = new Map<string, ClaimedAttempt[]>();
      for (const a of claimed)
        byEndpoint.set(a.endpointId, [...(byEndpoint.get(a.endpointId) ?? []), a]);
      for (const [endpointId, batch] of byEndpoint)
        this.start(batch, () => this.deliverBatch(endpoints.get(endpointId), batch, events));
      // Less than asked: nothing else this process has room for is due.
      if (claimed.length < room) return;
    }
  }

  /** Runs `deliver` (one endpoint's `batch`), counting its attempts in flight meanwhile. */
  private start(batch: ClaimedAttempt[], deliver: () => Promise<void>): void {
    const [{ endpointId, clientId, sandbox }] = batch;
    const at = { endpointId, clientId, sandbox };
    this.slots.add(at, batch.length);
    const run: Promise<void> = deliver()
      .catch((err: unknown) =>
        this.logger.warn(
          { err, endpointId },
          'could not record webhook attempts: they are made again once their claims run out',
        ),
      )
      .finally(() => {
        this.slots.add(at, -batch.length);
        this.batches.delete(run);
        if (!this.stopping) void this.deliverDue();
      });
    this.batches.add(run);
  }

  /** One endpoint's claimed attempts: sent together, their outcomes recorded. */
  private async deliverBatch(
    endpoint: WebhookEndpointEntity | undefined,
    batch: ClaimedAttempt[],
    events: Map<string, EventEntity>,
  ): Promise<void> {
    if (!endpoint) return; // deleted meanwhile: its attempts went with it
    if (endpoint.status !== 'enabled') {
      for (const a of batch) await this.settleFailure(a, endpoint, ENDPOINT_DISABLED);
      return;
    }
    const secrets = this.sender.secrets(endpoint);
    const startedAt = Date.now();
    const sent = await Promise.all(
      batch.map(async (a): Promise<Sent | undefined> => {
        const event = events.get(a.eventId);
        if (!event) return undefined; // purged meanwhile, with the attempt
        if (a.attempt === 1)
          this.metrics.firstAttemptStarted(startedAt - event.createdAt.getTime());
        return this.sender.send(endpoint, secrets, event);
      }),
    );
    // Failures first: a success after them means the endpoint is not failing.
    let failed = false;
    for (const [i, a] of batch.entries()) {
      const s = sent[i];
      if (!s || ok(s)) continue;
      failed = true;
      if ((await this.settleFailure(a, endpoint, s)) === 'disabled') endpoint.status = 'disabled';
    }
    const succeeded = batch.flatMap((a, i) => {
      const s = sent[i];
      return s && ok(s) ? [{ id: a.id, responseStatus: s.status!, durationMs: s.durationMs }] : [];
    });
    if (succeeded.length === 0) return;
    // One statement: no transaction needed. The endpoint is healthy again if it was failing (as
    // loaded with the claim, or since).
    const recorded = await this.attempts.succeeded(succeeded, this.clock.now());
    if (
      recorded > 0 &&
      (failed || endpoint.failingSince !== null || endpoint.breakerOpenUntil !== null)
    )
      await this.endpoints.healthy(endpoint.id);
    if (recorded > 0) succeeded.forEach((s) => this.metrics.attempted('succeeded', s.durationMs));
  }

  /**
   * Records a failed attempt and what follows it, in one transaction; whether it disabled the
   * endpoint. The endpoint's row is locked first, as its deletion does (no deadlock between them).
   */
  private async settleFailure(
    attempt: ClaimedAttempt,
    endpoint: WebhookEndpointEntity,
    sent: Sent,
  ): Promise<'disabled' | undefined> {
    const disabled = endpoint.status !== 'enabled';
    const v = disabled
      ? ({ kind: 'exhausted' } as const)
      : verdict(this.settings.retrySchedule, attempt.attempt, sent);
    const now = this.clock.now();
    return this.uow.run(async () => {
      if (!(await this.endpoints.lockForDelivery(endpoint.id))) return undefined; // deleted
      const recorded = await this.attempts.resolve(attempt.id, {
        status: 'failed',
        responseStatus: sent.status,
        durationMs: sent.durationMs,
        error: sent.error,
        at: now,
      });
      if (!recorded) return undefined;
      this.metrics.attempted(
        disabled ? 'skipped' : v.kind === 'retry' ? 'retried' : v.kind,
        sent.durationMs,
      );
      if (disabled) return undefined;
      const { since, failures } = await this.endpoints.failing(endpoint.id, now);
      const failingMs = now.getTime() - since.getTime();
      if (v.kind === 'gone') return this.disable(endpoint, 'it answered 410 Gone', now);
      if (failingMs >= this.settings.disableAfterMs)
        return this.disable(
          endpoint,
          `every delivery failed for ${Math.round(failingMs / 3_600_000)} hours`,
          now,
        );
      const openUntil = breakerOpenUntil(this.settings.breaker, failures, now);
      if (openUntil) {
        await this.endpoints.openBreaker(endpoint.id, openUntil);
        await this.attempts.noteError(
          attempt.id,
          `; ${failures} failures in a row: the endpoint's circuit breaker is open until ${openUntil.toISOString()}, then one attempt at a time is made until one succeeds`,
        );
        if (failures === this.settings.breaker.failures) this.breakerOpened(endpoint, failures);
      }
      if (v.kind === 'retry') await this.scheduler.retry(attempt, v.delaySeconds);
      // Exhausted: this event is done at this endpoint, and the next one of its key is due.
      return undefined;
    });
  }

  private breakerOpened(endpoint: WebhookEndpointEntity, failures: number): void {
    this.metrics.breakerOpened();
    this.logger.warn(
      { endpointId: endpoint.id, clientId: endpoint.clientId, failures },
      'webhook endpoint failing: its circuit breaker opened (its attempts wait, one probe at a time)',
    );
  }

  private async disable(
    endpoint: WebhookEndpointEntity,
    reason: string,
    at: Date,
  ): Promise<'disabled'> {
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
    return 'disabled';
  }
}
