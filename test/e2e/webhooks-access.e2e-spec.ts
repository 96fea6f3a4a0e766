import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { ENDPOINTS, EVENTS, WebhooksApi, webhooksApi } from '../support/webhooks';

const URL = 'http://127.0.0.1:9/hooks';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Method = 'get' | 'post' | 'patch' | 'delete';

/**
 * Tenancy and roles on every webhook route: Admin (a ServiceAdmin for any client, naming it with
 * ?clientHandle= where there is no id); another client's endpoint or delivery is absent (404).
 * No workers: nothing is delivered.
 */
describe('Webhooks: tenancy, roles and the endpoint limit (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let service: TestClient;
  let aUser: string;
  let asA: WebhooksApi;
  let asB: WebhooksApi;
  let asService: WebhooksApi;
  let endpointA: string;
  let attemptA: string;
  let pingA: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    aUser = await createToken(t.app, a.handle, Role.User);
    asA = webhooksApi(t, a.token);
    asB = webhooksApi(t, b.token);
    asService = webhooksApi(t, service.token);
    endpointA = (await asA.add(URL, { description: 'A' })).id;
    const ping = await asA.ping(endpointA);
    attemptA = ping.body.data.attemptId;
    pingA = ping.body.data.eventId;
  });
  afterAll(() => t.close());

  /** Every route, with a body where it takes one. */
  const routes = (): [Method, string, object?][] => [
    ['post', ENDPOINTS, { url: URL }],
    ['get', ENDPOINTS],
    ['get', `${ENDPOINTS}/${endpointA}`],
    ['patch', `${ENDPOINTS}/${endpointA}`, { description: 'changed' }],
    ['delete', `${ENDPOINTS}/${endpointA}`],
    ['post', `${ENDPOINTS}/${endpointA}/rotate-secret`],
    ['post', `${ENDPOINTS}/${endpointA}/test`],
    ['get', `${ENDPOINTS}/${endpointA}/deliveries`],
    ['post', `${ENDPOINTS}/${endpointA}/replay`, { since: '2020-01-01T00:00:00Z' }],
    ['post', `/api/webhooks/deliveries/${attemptA}/redeliver`],
    ['get', EVENTS],
  ];
  const call = (method: Method, path: string, token?: string, body?: object) => {
    const req = request(t.http)[method](path);
    if (token) void req.set('SERVICE_API_TOKEN', token);
    return body ? req.send(body) : req;
  };
  /** A's endpoint as A reads it. */
  const endpointOfA = () => asA.read(endpointA);

  it('answers 401 without a token and 403 to a User token on every route, changing nothing', async () => {
    const before = await endpointOfA();
    for (const [method, path, body] of routes()) {
      const anonymous = await call(method, path, undefined, body);
      expect(`${method} ${path}: ${anonymous.status}`).toBe(`${method} ${path}: 401`);
      const user = await call(method, path, aUser, body);
      expect(`${method} ${path}: ${user.status}`).toBe(`${method} ${path}: 403`);
    }
    expect(await endpointOfA()).toEqual(before);
    expect((await asA.list()).body.data).toHaveLength(1);
  });

  it("answers 404 to another client's Admin for A's endpoint and delivery, on every route by id", async () => {
    const before = await endpointOfA();
    for (const [method, path, body] of routes().slice(2, 10)) {
      const res = await call(method, path, b.token, body);
      expect(`${method} ${path}: ${res.status}`).toBe(`${method} ${path}: 404`);
    }
    expect(await endpointOfA()).toEqual(before);
    // Unknown and malformed ids answer the same.
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      expect((await asA.get(id)).status).toBe(404);
      expect((await asA.deliveries(id)).status).toBe(404);
      expect((await asA.redeliver(id)).status).toBe(404);
      expect((await asA.remove(id)).status).toBe(404);
    }
  });

  it("lists only the caller's own endpoints, deliveries and events", async () => {
    const own = await asB.add(URL, { description: 'B' });
    expect((await asB.list()).body.data.map((e: { id: string }) => e.id)).toEqual([own.id]);
    expect((await asA.list()).body.data.map((e: { id: string }) => e.id)).toEqual([endpointA]);
    const events = await asB.events();
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { id: string }) => e.id)).not.toContain(pingA);
    expect((await asA.events()).body.data.map((e: { id: string }) => e.id)).toContain(pingA);
    expect(await asB.remove(own.id)).toHaveProperty('status', 204);
  });

  it('lets a ServiceAdmin list, create and read events for any client with ?clientHandle=, and act by id', async () => {
    const listed = await asService.list(a.handle);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([endpointA]);
    const created = await asService.create({ url: URL, description: 'for B' }, b.handle);
    expect(created.status).toBe(201);
    expect((await asB.list()).body.data.map((e: { id: string }) => e.id)).toEqual([
      created.body.data.id,
    ]);
    const events = await asService.events({ clientHandle: a.handle });
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { id: string }) => e.id)).toContain(pingA);
    // Without clientHandle: the ServiceAdmin's own client.
    expect((await asService.list()).body).toEqual({ data: [] });
    // By id, any client's.
    expect((await asService.get(endpointA)).status).toBe(200);
    expect((await asService.deliveries(endpointA)).status).toBe(200);
    const redelivered = await asService.redeliver(attemptA);
    expect(redelivered.status).toBe(202);
    expect(redelivered.body.data.eventId).toBe(pingA);
    expect(
      (await asService.patch(created.body.data.id, { description: 'by service' })).status,
    ).toBe(200);
    expect((await asService.remove(created.body.data.id)).status).toBe(204);
    // An unknown client.
    expect((await asService.list('no-such-client')).status).toBe(404);
    expect((await asService.create({ url: URL }, 'no-such-client')).status).toBe(404);
    expect((await asService.events({ clientHandle: 'no-such-client' })).status).toBe(404);
  });

  it("refuses an Admin naming another client's handle (403); its own, in any case, is fine", async () => {
    expect((await asA.list(b.handle)).status).toBe(403);
    expect((await asA.create({ url: URL }, b.handle)).status).toBe(403);
    expect((await asA.events({ clientHandle: b.handle })).status).toBe(403);
    expect((await asB.list()).body).toEqual({ data: [] });
    const own = await asA.list(a.handle.toUpperCase());
    expect(own.status).toBe(200);
    expect(own.body.data.map((e: { id: string }) => e.id)).toEqual([endpointA]);
    expect((await asA.events({ clientHandle: a.handle })).status).toBe(200);
  });

  it('allows at most 10 endpoints per client (409 beyond, also when created at once); deleting one makes room', async () => {
    const c = await createClient(t.app, { role: Role.Admin });
    const asC = webhooksApi(t, c.token);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => asC.create({ url: `${URL}/${i}` })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.text).toBe(
      'This client has 10 webhook endpoints, the most it may have; delete one first.',
    );
    const listed = (await asC.list()).body.data as { id: string }[];
    expect(listed).toHaveLength(10);
    expect((await asService.create({ url: URL }, c.handle)).status).toBe(409);
    expect((await asC.remove(listed[3].id)).status).toBe(204);
    expect((await asC.create({ url: URL })).status).toBe(201);
    expect((await asC.create({ url: URL })).status).toBe(409);
    // Another client's count is its own.
    expect((await asService.create({ url: URL }, b.handle)).status).toBe(201);
  });
});
