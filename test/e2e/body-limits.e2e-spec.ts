import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { TestOnlyController } from '../support/test-only.controller';

/** An object of `n` keys `k0`…: the shape of finding H1's padding. */
const manyKeys = (n: number): Record<string, number> => {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o[`k${i}`] = i;
  return o;
};

/**
 * What a body may cost (issue 24, H1): each route reads at most its own limit, a JSON body holds
 * at most JSON_MAX_VALUES values, its transformation into a DTO is linear in its size, and an
 * unknown caller's body is answered 401 in a way an HTTP client can read.
 */
describe('Body limits (HTTP)', () => {
  let t: TestApp;
  let user: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [TestOnlyController] });
    user = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  describe('POST /api/user/check-credentials (no token)', () => {
    it("refuses finding H1's body (250,000 keys, 4 MB) with 413 naming the route's limit", async () => {
      const res = await request(t.http)
        .post('/api/user/check-credentials')
        .send({ email: 'a@b.co', password: 'x', pad: manyKeys(250_000) });
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('The request body is larger than the limit of 8kb for this route.');
    });

    it('still answers a body of the longest e-mail and password', async () => {
      const res = await request(t.http)
        .post('/api/user/check-credentials')
        .send({ email: `${'é'.repeat(990)}@b.co`, password: '𝄞'.repeat(1000) });
      expect(res.status).toBe(200);
      expect(res.text).toBe('null');
    });
  });

  describe('an authenticated route', () => {
    it('refuses a body of more values than JSON_MAX_VALUES (default 500,000) with 413 naming the limit', async () => {
      // 1 MB: 499,999 zeros and the two members are 500,001 values.
      const res = await request(t.http)
        .post('/api/order/acknowledgement')
        .set('SERVICE_API_TOKEN', user.token)
        .send({ purchaseOrderNumber: 'PO-VALUES', pad: new Array(499_999).fill(0) });
      expect(res.status).toBe(413);
      expect(res.text).toBe(
        'The JSON body holds more than 500000 values (object members and array elements), the limit (JSON_MAX_VALUES).',
      );
    });

    it('refuses an object of more keys than JSON_MAX_OBJECT_KEYS with 413 naming the limit', async () => {
      const res = await request(t.http)
        .post('/test-only/echo')
        .set('SERVICE_API_TOKEN', user.token)
        .send({ name: 'x', count: 2, pad: manyKeys(250_000) });
      expect(res.status).toBe(413);
      expect(res.text).toBe(
        'An object in the JSON body has more than 1000 keys, the limit (JSON_MAX_OBJECT_KEYS).',
      );
    });

    it('refuses a free-form field whose object has more than 100 keys, naming the field', async () => {
      const res = await request(t.http)
        .post('/api/recipesets')
        .set('SERVICE_API_TOKEN', user.token)
        .send({ productHandle: 'demo-tee', options: manyKeys(150) });
      expect(res.status).toBe(400);
      expect(res.text).toBe(
        'Invalid request: options has 150 keys; an object here may have at most 100.',
      );
    });
  });

  describe('a route of a method without a body (GET)', () => {
    it('never reads a body sent with it: the route answers as without one', async () => {
      const bad = await request(t.http)
        .get('/api/order/order-number/NO-SUCH-ORDER')
        .set('SERVICE_API_TOKEN', user.token)
        .set('content-type', 'application/json')
        .send('{ not json and more values than allowed: ' + '0,'.repeat(600_000));
      const plain = await request(t.http)
        .get('/api/order/order-number/NO-SUCH-ORDER')
        .set('SERVICE_API_TOKEN', user.token);
      expect([bad.status, bad.text]).toEqual([plain.status, plain.text]);
      expect(plain.status).toBe(404);
    });
  });

  describe('with the key ceiling raised (JSON_MAX_OBJECT_KEYS=300000)', () => {
    let raised: TestApp;
    let token: string;
    beforeAll(async () => {
      raised = await createTestApp({
        controllers: [TestOnlyController],
        env: { JSON_MAX_OBJECT_KEYS: '300000' },
      });
      token = (await createClient(raised.app, { role: Role.User })).token;
    });
    afterAll(() => raised.close());

    it('validates a body with objects of 250,000 unknown keys without copying them (linear, not quadratic)', async () => {
      const res = await request(raised.http)
        .post('/test-only/echo')
        .set('SERVICE_API_TOKEN', token)
        .send({ name: 'x', count: 2, pad: manyKeys(250_000), ...manyKeys(1000) });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ name: 'x', count: 2 });
    });
  });

  describe('an unknown caller', () => {
    /**
     * POSTs `body` without a token and waits until the request is over (answered and its socket
     * closed): the status, the answer, and any error the request had (EPIPE, ECONNRESET).
     */
    const postWithoutToken = (port: number, body: Buffer) =>
      new Promise<{ status: number; text: string; errors: string[] }>((resolve) => {
        const errors: string[] = [];
        let answer = { status: 0, text: '' };
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/order/acknowledgement',
            headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              answer = { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() };
            });
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => errors.push(err.code ?? err.message));
        req.on('close', () => resolve({ ...answer, errors }));
        req.end(body);
      });

    it('sending a 5 MB body receives the 401, with no broken pipe or reset', async () => {
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const body = Buffer.alloc(5 * 1024 * 1024, 0x20);
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await postWithoutToken(port, body);
        expect({ status: res.status, errors: res.errors }).toEqual({ status: 401, errors: [] });
        expect(res.text).toMatch(/SERVICE_API_TOKEN/);
      }
    });
  });
});
