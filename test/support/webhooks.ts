import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { createTestApp, TestApp, TestAppOptions } from '../setup/test-app';
import {
  Answering,
  DeliveredEvent,
  ReceivedDelivery,
  startWebhookReceiver,
  WebhookReceiver,
} from './webhook-receiver';

export const ENDPOINTS = '/api/webhooks/endpoints';
export const EVENTS = '/api/events';

/**
 * A test app that delivers to loopback receivers on a shortened clock: 4 attempts, 1 s apart,
 * each given 1 s; an endpoint's circuit breaker opens for 1 s.
 */
export const DELIVERING_ENV = {
  WORKERS: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '0,1,1,1',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_BREAKER_OPEN_SECONDS: '1',
};

/**
 * The test file's delivering app (started before its tests with `env` and `override`, closed
 * after them) and the loopback receivers its tests start (closed with it).
 */
export function useDeliveringApp(
  env: Record<string, string> = DELIVERING_ENV,
  override?: TestAppOptions['override'],
) {
  let app: TestApp | undefined;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    app = await createTestApp({ env, override });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });
  return {
    get t(): TestApp {
      if (!app) throw new Error('the app starts in beforeAll');
      return app;
    },
    async receiver(answer?: Answering): Promise<WebhookReceiver> {
      const r = await startWebhookReceiver(answer);
      receivers.push(r);
      return r;
    },
  };
}

/** One row of an endpoint's delivery log. */
export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  dueAt: string;
  createdAt: string;
  completedAt: string | null;
}

export interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[] | null;
  description: string | null;
  status: 'enabled' | 'disabled';
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls `probe` until it answers something truthy (then answers that), else throws naming `what`
 * and what `last` says of the state last seen.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  last: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last()}`);
    await sleep(150);
  }
}

/** Verifies a delivery as a partner would (the official Standard Webhooks library); throws if not. */
export function verify(secret: string, d: Pick<ReceivedDelivery, 'body' | 'headers'>): unknown {
  return new Webhook(secret).verify(d.body, d.headers as Record<string, string>);
}

/** The `data.sequence` of order events, in the order given. */
export const sequences = (deliveries: { event: DeliveredEvent }[]) =>
  deliveries.map((d) => d.event.data.sequence as number);

/** Requests to the webhook and event routes as `token` (an Admin's, unless a test says else). */
export function webhooksApi(t: TestApp, token: string) {
  const auth = { SERVICE_API_TOKEN: token };
  const withHandle = (path: string, clientHandle?: string) =>
    clientHandle === undefined ? path : `${path}?clientHandle=${encodeURIComponent(clientHandle)}`;
  const api = {
    create: (body: object, clientHandle?: string) =>
      request(t.http).post(withHandle(ENDPOINTS, clientHandle)).set(auth).send(body),
    list: (clientHandle?: string) =>
      request(t.http).get(withHandle(ENDPOINTS, clientHandle)).set(auth),
    get: (id: string) => request(t.http).get(`${ENDPOINTS}/${id}`).set(auth),
    patch: (id: string, body: object) =>
      request(t.http).patch(`${ENDPOINTS}/${id}`).set(auth).send(body),
    remove: (id: string) => request(t.http).delete(`${ENDPOINTS}/${id}`).set(auth),
    rotate: (id: string) => request(t.http).post(`${ENDPOINTS}/${id}/rotate-secret`).set(auth),
    ping: (id: string) => request(t.http).post(`${ENDPOINTS}/${id}/test`).set(auth),
    deliveries: (id: string, query: Record<string, string | number> = {}) =>
      request(t.http).get(`${ENDPOINTS}/${id}/deliveries`).query(query).set(auth),
    replay: (id: string, body: object) =>
      request(t.http).post(`${ENDPOINTS}/${id}/replay`).set(auth).send(body),
    redeliver: (attemptId: string) =>
      request(t.http).post(`/api/webhooks/deliveries/${attemptId}/redeliver`).set(auth),
    events: async (query: Record<string, string | number> = {}) => {
      await eventLogSettled(t);
      return request(t.http).get(EVENTS).query(query).set(auth);
    },

    /** A new endpoint at `url` (201 expected): its fields and secret. */
    async add(url: string, extra: object = {}): Promise<Endpoint & { secret: string }> {
      const res = await api.create({ url, ...extra });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      return res.body.data as Endpoint & { secret: string };
    },

    /** The endpoint as GET answers it (200 expected). */
    async read(id: string): Promise<Endpoint> {
      const res = await api.get(id);
      if (res.status !== 200) throw new Error(`get answered ${res.status}: ${res.text}`);
      return res.body.data as Endpoint;
    },

    /** The whole delivery log of an endpoint, newest first (every page). */
    async log(id: string, query: Record<string, string> = {}): Promise<Delivery[]> {
      const rows: Delivery[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.deliveries(id, {
          ...query,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        if (res.status !== 200) throw new Error(`deliveries answered ${res.status}: ${res.text}`);
        rows.push(...(res.body.data as Delivery[]));
        cursor = res.body.next as string | null;
      } while (cursor);
      return rows;
    },

    /** Waits until the delivery log satisfies `done`; answers it (newest first). */
    settled(
      id: string,
      done: (log: Delivery[]) => boolean,
      timeoutMs = 30_000,
    ): Promise<Delivery[]> {
      let seen: Delivery[] = [];
      return eventually(
        `the delivery log of ${id} to settle`,
        async () => {
          seen = await api.log(id);
          return done(seen) && seen;
        },
        timeoutMs,
        () => `; it holds ${JSON.stringify(seen, null, 1)}`,
      );
    },

    /** Every event of the event log (oldest first), following `next` pages of `limit`. */
    async allEvents(query: Record<string, string | number> = {}, limit = 100) {
      const events: DeliveredEvent[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await api.events({ ...query, limit, ...(after ? { after } : {}) });
        if (res.status !== 200) throw new Error(`events answered ${res.status}: ${res.text}`);
        const page = res.body as { data: DeliveredEvent[]; next: string };
        events.push(...page.data);
        if (page.data.length === 0) return events;
        after = page.next;
      }
    },
  };
  return api;
}

export type WebhooksApi = ReturnType<typeof webhooksApi>;

/**
 * Waits (5 s at most) until every transaction that began before now has ended: the event log
 * shows events only below the oldest transaction still running, and on PostgreSQL the other test
 * files' transactions run beside this one's (the embedded database runs one at a time).
 */
export async function eventLogSettled(t: TestApp): Promise<void> {
  const [{ now }] = await t.dataSource.query<{ now: string }[]>(
    `SELECT pg_current_xact_id()::text AS now`,
  );
  for (let i = 0; i < 200; i++) {
    const [{ horizon }] = await t.dataSource.query<{ horizon: string }[]>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`,
    );
    if (BigInt(horizon) > BigInt(now)) return;
    await new Promise((resume) => setTimeout(resume, 25));
  }
}

/**
 * The positive marker of "nothing more was delivered": pings a new endpoint of `api`'s client, at
 * a receiver of its own (from `receiver`) that answers the first attempt 503 with Retry-After
 * `seconds`, and waits until its retry has succeeded. Any attempt due before that retry (due
 * `seconds` from now) was claimed with it at the latest, so it has been made by then if it exists.
 */
export async function laterRetryDelivered(
  api: WebhooksApi,
  receiver: (answer: Answering) => Promise<WebhookReceiver>,
  seconds = 2,
): Promise<void> {
  const witness = await receiver((_, i) =>
    i === 0 ? { status: 503, headers: { 'Retry-After': String(seconds) } } : {},
  );
  const { id } = await api.add(witness.url);
  const ping = await api.ping(id);
  if (ping.status !== 202) throw new Error(`ping answered ${ping.status}: ${ping.text}`);
  await api.settled(id, (log) => log.some((d) => d.attempt === 2 && d.status === 'succeeded'));
}

/** Whether no attempt of a delivery log waits any more. */
export const nothingPending = (log: Delivery[]) => log.every((d) => d.status !== 'pending');

/** Workflow-status updates and ship notifications of an order (200 expected), as `token`. */
export function orderUpdates(t: TestApp, token: string) {
  const send = async (method: 'put' | 'post', path: string, body: object) => {
    const res = await request(t.http)[method](path).set({ SERVICE_API_TOKEN: token }).send(body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`);
    return res;
  };
  return {
    /** Sets each `[recipeSetReadableId, workflowStatus]` of the order. */
    status: (po: string, entries: [string, string][]) =>
      send('put', '/api/order/status', {
        purchaseOrderNumber: po,
        lineItems: entries.map(([recipeSetReadableId, workflowStatus]) => ({
          recipeSetReadableId,
          workflowStatus,
        })),
      }),
    ship: (po: string, lineItems: Record<string, unknown>[]) =>
      send('post', '/api/order/ship-notification', { purchaseOrderNumber: po, lineItems }),
  };
}

/** The deliveries of the order events of `po`, in arrival order. */
export const ofOrder = (received: ReceivedDelivery[], po: string) =>
  received.filter((d) => d.event.data.purchaseOrderNumber === po);
