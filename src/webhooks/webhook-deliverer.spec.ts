import { FakeUnitOfWork } from '../../test/support/fake-unit-of-work';
import { ManualClock } from '../../test/support/manual-clock';
import { strictMock } from '../../test/support/strict-mock';
import { JobQueue } from '../common/jobs/job-queue';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { Registry } from '../common/metrics/prom-client';
import { AppConfig, WebhookSettings } from '../config/app-config';
import { DeliveryScheduler } from './delivery-scheduler';
import { EndpointAlerts } from './endpoint-alerts';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import {
  AttemptOutcome,
  ClaimedAttempt,
  ClaimLimits,
  WebhookAttemptsRepository,
} from './webhook-attempts.repository';
import { DeliverWebhookJob } from './deliver-webhook.job';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { Sent, WebhookSender } from './webhook-sender';
import { WebhookWakeups } from './webhook-wakeups';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const settings = {
  timeoutMs: 1000,
  retrySchedule: [0, 5, 300],
  disableAfterMs: 72 * 3_600_000,
  clientConcurrency: 8,
  breaker: { failures: 3, openSeconds: 30 },
} as WebhookSettings;

const answer = (status: number | null, patch: Partial<Sent> = {}): Sent => ({
  status,
  retryAfterSeconds: null,
  durationMs: 12,
  error: status === null ? 'the request timed out after 1000 ms' : status < 300 ? null : 'HTTP x',
  ...patch,
});
const TIMEOUT = answer(null, { durationMs: 1000 });

/** Attempt number `n` of event `ev-<id>` at endpoint e1 of client a. */
const attempt = (id: string, n = 1): ClaimedAttempt => ({
  ...{ id, eventId: `ev-${id}`, eventPosition: '1', orderingKey: null, eventType: 'order.created' },
  ...{ endpointId: 'e1', clientId: 'a', sandbox: false, attempt: n },
});

/**
 * The deliverer over in-memory repositories: `claims` are what successive claims answer,
 * `answers` what the receiver answers each attempt (by id), `calls` what was written, in order,
 * with `(tx)` when in a transaction.
 */
function setup(
  o: {
    answers?: Record<string, Sent | Promise<Sent>>;
    endpoint?: Partial<WebhookEndpointEntity>;
  } = {},
) {
  const tx = new FakeUnitOfWork();
  const clock = new ManualClock(NOW);
  const calls: string[] = [];
  /** Records `call` (in a transaction or not) and answers `value`. */
  const note = <T = void>(call: string, value?: T): Promise<T> => {
    calls.push(`${call}${tx.inTransaction ? ' (tx)' : ''}`);
    return Promise.resolve(value as T);
  };
  const claims: ClaimedAttempt[][] = [];
  const claimArgs: [number, number, ClaimLimits][] = [];
  /** The endpoint's row: failing since, failures in a row; found by the claim, and when locked. */
  const health = { since: null as Date | null, failures: 0, loaded: true, locked: true };
  let idle = () => {};
  const endpoint = {
    id: 'e1',
    clientId: 'a',
    status: 'enabled',
    failingSince: null,
    breakerOpenUntil: null,
    ...o.endpoint,
  } as WebhookEndpointEntity;
  const attempts = strictMock<WebhookAttemptsRepository>(
    {
      claimDue: (limit: number, seconds: number, limits: ClaimLimits) => {
        claimArgs.push([limit, seconds, limits]);
        if (claims.length === 0) idle();
        return Promise.resolve(claims.shift() ?? []);
      },
      succeeded: (rows: { id: string; responseStatus: number }[], at: Date) => {
        expect(at).toEqual(clock.now());
        const ids = rows.map((r) => `${r.id} ${r.responseStatus}`).join(', ');
        return note(`succeeded ${ids}`, rows.length);
      },
      resolve: (id: string, out: AttemptOutcome) => {
        expect(out).toMatchObject({ status: 'failed', at: clock.now() });
        return note(`failed ${id} ${out.responseStatus} ${out.durationMs} ms: ${out.error}`, true);
      },
      noteError: (id: string, text: string) => note(`note ${id}${text}`),
      failPending: (id: string, why: string) => note(`fail pending ${id}: ${why}`),
    },
    'attempts',
  );
  const endpoints = strictMock<WebhookEndpointsRepository>(
    {
      byIds: () => Promise.resolve(new Map(health.loaded ? [[endpoint.id, endpoint]] : [])),
      lockForDelivery: (id: string) => note(`lock ${id}`, health.locked),
      failing: (id: string, at: Date) =>
        note(`failing ${id}`, { since: (health.since ??= at), failures: ++health.failures }),
      openBreaker: (id: string, until: Date) =>
        note(`open breaker ${id} until +${(until.getTime() - NOW) / 1000} s`),
      healthy: (id: string) => note(`healthy ${id}`),
      update: (id: string, set: object) => note(`update ${id} ${JSON.stringify(set)}`),
    },
    'endpoints',
  );
  const events = strictMock<EventLogRepository>(
    {
      byIds: (ids: string[]) =>
        Promise.resolve(
          new Map(ids.map((id) => [id, { id, createdAt: new Date(NOW) } as EventEntity])),
        ),
    },
    'events',
  );
  const scheduler = strictMock<DeliveryScheduler>(
    { retry: (a: ClaimedAttempt, s: number) => note(`retry ${a.id} in ${s} s`) },
    'scheduler',
  );
  const alerts = strictMock<EndpointAlerts>(
    { disabled: (e: WebhookEndpointEntity, why: string) => note(`alert ${e.id}: ${why}`) },
    'alerts',
  );
  const sent: string[] = [];
  const sender = strictMock<WebhookSender>(
    {
      secrets: () => ['whsec_current'],
      send: (to: WebhookEndpointEntity, secrets: string[], event: EventEntity) => {
        sent.push(`${event.id} to ${to.id} signed ${secrets.join(' ')}`);
        return Promise.resolve(o.answers?.[event.id.slice(3)] ?? answer(200));
      },
    },
    'sender',
  );
  const jobs = { handle: jest.fn() };
  const registry = new Registry();
  const deliverer = new WebhookDeliverer(
    { webhooks: settings, jobs: { workers: false } } as AppConfig,
    { registry } as MetricsRegistry,
    tx.uow,
    attempts,
    endpoints,
    events,
    scheduler,
    alerts,
    sender,
    new WebhookWakeups(),
    clock,
  );
  /**
   * Claims `batches` one after another, and waits for the claim that finds nothing more (made
   * once the last batch is recorded); then stops the deliverer.
   */
  const deliver = async (...batches: ClaimedAttempt[][]) => {
    claims.push(...batches);
    const claimedAll = new Promise<void>((resolve) => (idle = resolve));
    await deliverer.deliverDue();
    await claimedAll;
    await deliverer.beforeApplicationShutdown();
  };
  /** The attempts counted in /metrics by outcome, and the circuit breakers opened. */
  const counted = async () => {
    const { values } = await registry.getSingleMetric('webhook_attempts_total')!.get();
    const [opened] = (await registry.getSingleMetric('webhook_breaker_opened_total')!.get()).values;
    const outcomes: Record<string, number> = {};
    for (const v of values) outcomes[String(v.labels.outcome)] = v.value;
    return { ...outcomes, opened: opened.value };
  };
  return { deliverer, deliver, claims, claimArgs, calls, sent, tx, health, jobs, counted };
}

beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0.5)); // no jitter
afterEach(() => jest.restoreAllMocks());

describe('WebhookDeliverer: claiming and sending', () => {
  it('claims due attempts within its room, sends each signed, records the successes in one statement', async () => {
    const { deliver, claimArgs, sent, calls, counted } = setup();
    await deliver([attempt('a1'), attempt('a2')], [attempt('a3')]);
    expect(claimArgs[0]).toEqual([
      64,
      31, // the timeout and 30 s to record the outcome
      {
        dueBy: new Date(NOW),
        perEndpoint: 16,
        endpointRoom: new Map(),
        perClient: 8,
        clientRoom: new Map(),
        sandboxRoom: 16,
      },
    ]);
    expect(sent).toEqual(['a1', 'a2', 'a3'].map((a) => `ev-${a} to e1 signed whsec_current`));
    // Once a batch is done, the loop claims again: the next events of its keys are due.
    expect(calls).toEqual(['succeeded a1 200, a2 200', 'succeeded a3 200']);
    expect(await counted()).toEqual({ succeeded: 3, opened: 0 });
  });

  it("leaves attempts in flight out of the next claim's room, per endpoint and per client", async () => {
    let answerNow!: () => void;
    const answered = new Promise<void>((resolve) => (answerNow = resolve)).then(() => answer(200));
    const { deliverer, claims, claimArgs } = setup({
      answers: { a1: answered, a2: answered, a3: answered },
    });
    claims.push([attempt('a1'), attempt('a2'), attempt('a3')]);
    await deliverer.deliverDue();
    await deliverer.deliverDue();
    expect(claimArgs[1][2]).toMatchObject({
      endpointRoom: new Map([['e1', 13]]),
      clientRoom: new Map([['a', 5]]),
    });
    answerNow();
    await deliverer.beforeApplicationShutdown();
  });

  it("closes a failing endpoint's circuit breaker on a success", async () => {
    const { deliver, calls } = setup({ endpoint: { failingSince: new Date(NOW - 60_000) } });
    await deliver([attempt('a1')]);
    expect(calls).toEqual(['succeeded a1 200', 'healthy e1']);
  });

  it('sends nothing to an endpoint disabled since the claim: its attempts fail, not retried', async () => {
    const { deliver, sent, calls, counted } = setup({ endpoint: { status: 'disabled' } });
    await deliver([attempt('a1')]);
    expect(sent).toEqual([]);
    expect(calls).toEqual([
      'lock e1 (tx)',
      'failed a1 null null ms: the endpoint is disabled (tx)',
    ]);
    expect(await counted()).toEqual({ skipped: 1, opened: 0 });
  });

  it('sends nothing and records nothing for an endpoint deleted since the claim', async () => {
    const { deliver, sent, calls, health } = setup();
    health.loaded = false;
    await deliver([attempt('a1')]);
    expect([...sent, ...calls]).toEqual([]);
  });

  it('is the deliver-webhook job, one at a time', () => {
    const { deliverer, jobs } = setup();
    new DeliverWebhookJob(strictMock<JobQueue>(jobs, 'jobs'), deliverer).onModuleInit();
    expect(jobs.handle).toHaveBeenCalledWith('deliver-webhook', expect.any(Function), {
      concurrency: 1,
    });
  });
});

describe('WebhookDeliverer: failures', () => {
  it('records a timeout with its reason and retries on the schedule, in one transaction', async () => {
    const { deliver, calls, tx, counted } = setup({ answers: { a1: TIMEOUT } });
    await deliver([attempt('a1')]);
    expect(calls).toEqual([
      'lock e1 (tx)',
      'failed a1 null 1000 ms: the request timed out after 1000 ms (tx)',
      'failing e1 (tx)',
      'retry a1 in 5 s (tx)',
    ]);
    expect(tx.events).toEqual(['commit']);
    expect(await counted()).toEqual({ retried: 1, opened: 0 });
  });

  it("retries a 5xx when the receiver's Retry-After asks, if later than the schedule", async () => {
    const { deliver, calls } = setup({
      answers: { a1: answer(503, { retryAfterSeconds: 60 }), a2: answer(500) },
    });
    await deliver([attempt('a1'), attempt('a2', 2)]);
    expect(calls.filter((c) => c.startsWith('retry'))).toEqual([
      'retry a1 in 60 s (tx)',
      'retry a2 in 300 s (tx)',
    ]);
  });

  it('makes no attempt after the last of the schedule, and does not disable the endpoint', async () => {
    const { deliver, calls, counted } = setup({ answers: { a1: answer(500) } });
    await deliver([attempt('a1', 3)]);
    expect(calls).toEqual(['lock e1 (tx)', 'failed a1 500 12 ms: HTTP x (tx)', 'failing e1 (tx)']);
    expect(await counted()).toEqual({ exhausted: 1, opened: 0 });
  });

  it('opens the circuit breaker at the failures in a row that open it, says so in the log, still retries', async () => {
    const { deliver, calls, health, counted } = setup({
      answers: { a1: answer(500), a2: answer(500), a3: answer(500) },
    });
    health.failures = 1;
    await deliver([attempt('a1'), attempt('a2'), attempt('a3')]);
    const until = new Date(NOW + 30_000).toISOString();
    const noted = (n: number) =>
      `; ${n} failures in a row: the endpoint's circuit breaker is open until ${until}, then one attempt at a time is made until one succeeds (tx)`;
    expect(calls.filter((c) => !/^(lock|failed|failing)/.test(c))).toEqual([
      'retry a1 in 5 s (tx)',
      'open breaker e1 until +30 s (tx)',
      `note a2${noted(3)}`,
      'retry a2 in 5 s (tx)',
      // Open already: kept open, counted as opened once.
      'open breaker e1 until +30 s (tx)',
      `note a3${noted(4)}`,
      'retry a3 in 5 s (tx)',
    ]);
    expect(await counted()).toEqual({ retried: 3, opened: 1 });
  });

  it('records failures before successes: a success in the same batch closes the breaker', async () => {
    const { deliver, calls } = setup({ answers: { a1: answer(200), a2: answer(500) } });
    await deliver([attempt('a1'), attempt('a2')]);
    expect(calls.filter((c) => !c.startsWith('lock'))).toEqual([
      'failed a2 500 12 ms: HTTP x (tx)',
      'failing e1 (tx)',
      'retry a2 in 5 s (tx)',
      'succeeded a1 200',
      'healthy e1',
    ]);
  });

  it('disables the endpoint on 410 Gone: fails what waits, tells its Admins, skips the rest of the batch', async () => {
    const { deliver, calls, counted } = setup({ answers: { a1: answer(410), a2: answer(500) } });
    await deliver([attempt('a1'), attempt('a2')]);
    const reason = 'it answered 410 Gone';
    expect(calls).toEqual([
      'lock e1 (tx)',
      'failed a1 410 12 ms: HTTP x (tx)',
      'failing e1 (tx)',
      `update e1 ${JSON.stringify({ status: 'disabled', disabledReason: reason, updatedAt: new Date(NOW) })} (tx)`,
      `fail pending e1: the endpoint was disabled: ${reason} (tx)`,
      `alert e1: ${reason} (tx)`,
      'lock e1 (tx)',
      'failed a2 500 12 ms: HTTP x (tx)',
    ]);
    expect(await counted()).toEqual({ gone: 1, skipped: 1, opened: 0 });
  });

  it('disables an endpoint every delivery to which failed for disableAfterMs', async () => {
    const { deliver, calls, health } = setup({ answers: { a1: TIMEOUT } });
    health.since = new Date(NOW - settings.disableAfterMs);
    await deliver([attempt('a1')]);
    expect(calls).toContain(`alert e1: every delivery failed for 72 hours (tx)`);
    expect(calls.filter((c) => c.startsWith('retry'))).toEqual([]);
  });

  it('records nothing of a failure once the endpoint is deleted', async () => {
    const { deliver, calls, health } = setup({ answers: { a1: answer(500) } });
    health.locked = false;
    await deliver([attempt('a1')]);
    expect(calls).toEqual(['lock e1 (tx)']);
  });
});
