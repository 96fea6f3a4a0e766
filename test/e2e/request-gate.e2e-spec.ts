import { request as httpRequest, IncomingMessage } from 'node:http';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { TestOnlyController } from '../support/test-only.controller';

/**
 * What a request costs before its caller is known: the token is checked before the body is read,
 * a body the server cannot decode is a 4xx, and nothing an unauthenticated request does is written
 * to the database.
 */
describe('Before authentication (HTTP)', () => {
  let t: TestApp;
  let user: TestClient;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [TestOnlyController] });
    user = await createClient(t.app, { role: Role.User });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A POST with exactly these bytes (supertest would serialize a Buffer as JSON). */
  const postRaw = (path: string, body: Buffer, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  const logRows = async (): Promise<number> => {
    const [row] = await t.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM log_entry');
    return Number(row.n);
  };
  const lastUsed = async (tokenId: string): Promise<Date | null> => {
    const [row] = await t.dataSource.query<{ last_used_at: Date | null }[]>(
      'SELECT last_used_at FROM api_token WHERE id = $1',
      [tokenId],
    );
    return row.last_used_at;
  };

  describe('Content-Encoding', () => {
    it('answers an unsupported encoding with 415 text and writes no log entry', async () => {
      const before = await logRows();
      const res = await request(t.http)
        .post('/test-only/echo')
        .set('SERVICE_API_TOKEN', user.token)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'bogus')
        .send('{"name":"x","count":1}');
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe(
        'The request body\'s Content-Encoding "bogus" is not supported: send it as identity, gzip, deflate or br.',
      );
      expect(await logRows()).toBe(before);
    });

    it('answers a body that does not decode as its encoding with 400 text', async () => {
      const before = await logRows();
      const res = await request(t.http)
        .post('/test-only/echo')
        .set('SERVICE_API_TOKEN', user.token)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{"name":"not gzip at all","count":1}');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/^The request body could not be decoded as gzip: .+\.$/);
      expect(await logRows()).toBe(before);
    });

    it('still accepts a gzip body', async () => {
      const res = await postRaw('/test-only/echo', gzipSync('{"name":"zipped","count":2}'), {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        SERVICE_API_TOKEN: user.token,
      });
      expect(res).toEqual({ status: 201, body: '{"name":"zipped","count":2}' });
    });
  });

  describe('an unknown caller', () => {
    it('gets 401 for a large body before sending it, and the connection is closed unread', async () => {
      const total = 5 * 1024 * 1024;
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/test-only/echo',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(total),
            SERVICE_API_TOKEN: 'pci_notarealtoken',
          },
        });
        req.on('response', resolve);
        req.on('error', reject);
        // Only the first 64 KiB of the 5 MiB: the answer must come without the rest.
        req.write(`{"name":"${'x'.repeat(64 * 1024)}`);
      });
      res.resume();
      expect(res.statusCode).toBe(401);
      expect(res.headers.connection).toBe('close');
      res.socket.destroy();
    });

    it('is answered 401 whatever the body is, before it is decoded or parsed', async () => {
      for (const [encoding, body] of [
        ['bogus', '{"name":"x","count":1}'],
        ['identity', '{"name": '],
        ['gzip', 'not gzip'],
      ]) {
        const res = await request(t.http)
          .post('/test-only/echo')
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send(body);
        expect({ encoding, status: res.status }).toEqual({ encoding, status: 401 });
      }
    });

    it('writes nothing to the database: no log entry, no token use', async () => {
      const rowsBefore = await logRows();
      const usedBefore = await lastUsed(user.tokenId);
      const stranger = await createClient(t.app, { role: Role.User });
      const strangerUsed = await lastUsed(stranger.tokenId);
      for (const token of [undefined, 'pci_notarealtoken', `${stranger.token}x`]) {
        const get = request(t.http).get('/test-only/boom');
        const post = request(t.http)
          .post('/test-only/echo')
          .set('Content-Encoding', 'bogus')
          .send('{}');
        if (token) {
          get.set('SERVICE_API_TOKEN', token);
          post.set('SERVICE_API_TOKEN', token);
        }
        expect((await get).status).toBe(401);
        expect((await post).status).toBe(401);
      }
      const publicBoom = await request(t.http).get('/test-only/public-boom');
      expect(publicBoom.status).toBe(500);
      expect(await logRows()).toBe(rowsBefore);
      expect(await lastUsed(user.tokenId)).toEqual(usedBefore);
      expect(await lastUsed(stranger.tokenId)).toEqual(strangerUsed);
    });

    it('gets a 500 on a public route as ProblemDetails with its request id and no log entry', async () => {
      const res = await request(t.http)
        .get('/test-only/public-boom')
        .set('X-Request-Id', 'public-500');
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = JSON.parse(res.text) as Record<string, unknown>;
      expect(problem).toEqual({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail:
          'An unexpected error occurred while processing the request. Quote request id public-500 when reporting it.',
        code: 'INTERNAL_ERROR',
        requestId: 'public-500',
      });
      expect(t.logs()).toContain('simulated failure on a public route');
    });
  });

  describe('public routes', () => {
    it('still parse and validate their JSON bodies', async () => {
      const ok = await request(t.http).post('/test-only/public-echo').send({ name: 'a', count: 3 });
      expect(ok.status).toBe(201);
      expect(ok.body).toEqual({ name: 'a', count: 3 });
      const malformed = await request(t.http)
        .post('/test-only/public-echo')
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expect(malformed.status).toBe(400);
      expect(malformed.text).toMatch(/^The request body is not valid JSON/);
    });
  });
});
