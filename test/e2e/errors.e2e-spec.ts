import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { LogRetention } from '../../src/log-entries';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { TestOnlyController } from '../support/test-only.controller';

const LINK = /Log entry: http:\/\/api\.test\/logentry\/detail\/([0-9a-f-]{36})$/;

describe('Error bodies, log entries and request ids (HTTP)', () => {
  let t: TestApp;
  let user: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [TestOnlyController], env: { JSON_BODY_LIMIT: '2kb' } });
    user = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  const auth = () => ({ SERVICE_API_TOKEN: user.token });

  describe('500', () => {
    it('is a ProblemDetails document with a working log link and no internals', async () => {
      const res = await request(t.http).get('/test-only/boom').set(auth());
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = JSON.parse(res.text) as Record<string, unknown>;
      expect(problem).toMatchObject({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        code: 'INTERNAL_ERROR',
      });
      const detail = problem.detail as string;
      const [, logId] = LINK.exec(detail) ?? [];
      expect(logId).toBeDefined();
      expect(problem.logId).toBe(logId);
      expect(problem.requestId).toBe(res.headers['x-request-id']);
      expect(res.text).not.toMatch(/hunter2|10\.0\.0\.7|at .*\.ts/);

      const html = await request(t.http).get(`/logentry/detail/${logId}`);
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.text).toContain(logId);
      expect(html.text).toContain('GET /test-only/boom');
      expect(html.text).not.toContain('hunter2');

      const json = await request(t.http)
        .get(`/logentry/detail/${logId}/`)
        .set('Accept', 'application/json');
      expect(json.status).toBe(200);
      expect(json.body).toEqual({
        id: logId,
        createdAt: expect.stringMatching(/Z$/),
        status: 500,
        method: 'GET',
        route: '/test-only/boom',
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred while processing the request.',
        requestId: res.headers['x-request-id'],
      });
    });

    it('writes the stack to the server log only, with the request id', async () => {
      const res = await request(t.http)
        .get('/test-only/boom')
        .set(auth())
        .set('X-Request-Id', 'trace-500-abc');
      expect(res.headers['x-request-id']).toBe('trace-500-abc');
      const line = t
        .logs()
        .split('\n')
        .find((l) => l.includes('trace-500-abc') && l.includes('request failed'));
      expect(line).toBeDefined();
      expect(line).toContain('simulated failure');
    });
    it("keeps a failed statement's values out of the log, and its SQL in", async () => {
      const res = await request(t.http)
        .get('/test-only/sql-boom')
        .set(auth())
        .set('X-Request-Id', 'trace-sql-500');
      expect(res.status).toBe(500);
      const line = t
        .logs()
        .split('\n')
        .find((l) => l.includes('trace-sql-500') && l.includes('request failed'));
      expect(line).toContain('SELECT $1::jsonb');
      expect(line).toContain('invalid input syntax for type json');
      expect(line).not.toContain('hunter2secret');
    });

    it('keeps the log line of a failed 70,000-placeholder statement small, marking the cut', async () => {
      const res = await request(t.http)
        .get('/test-only/huge-sql-boom')
        .set(auth())
        .set('X-Request-Id', 'trace-huge-sql');
      expect(res.status).toBe(500);
      const lines = t
        .logs()
        .split('\n')
        .filter((l) => l.includes('trace-huge-sql'));
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.length).toBeLessThan(32_000);
      const failed = lines.find((l) => l.includes('request failed'));
      expect(failed).toContain("SELECT 1 WHERE 'x' IN ($1, $2, ");
      expect(failed).toMatch(/…\(\d+ more\)/);
      expect(failed).not.toContain('ID-1');
    });
  });

  describe('log entry page', () => {
    it('answers 404 text for an unknown or malformed id', async () => {
      for (const id of ['3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11', 'not-a-uuid']) {
        const res = await request(t.http).get(`/logentry/detail/${id}`);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe(`Log entry ${id} was not found.`);
      }
    });

    it('is purged after the retention period', async () => {
      const res = await request(t.http).get('/test-only/boom').set(auth());
      const logId = (JSON.parse(res.text) as { logId: string }).logId;
      await t.dataSource.query(
        `UPDATE log_entry SET created_at = now() - interval '31 days' WHERE id = $1`,
        [logId],
      );
      expect(await t.app.get(LogRetention).purge()).toBeGreaterThanOrEqual(1);
      expect((await request(t.http).get(`/logentry/detail/${logId}`)).status).toBe(404);
    });
  });

  describe('4xx', () => {
    it('answers unknown routes with 404 text/plain', async () => {
      const res = await request(t.http).post('/api/nothing/here').set(auth());
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('No route matches POST /api/nothing/here.');
    });

    it('answers malformed JSON with 400 text/plain', async () => {
      const res = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .set('Content-Type', 'application/json')
        .send('{"name": "x",');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/^The request body is not valid JSON/);
    });

    it('refuses JSON nested deeper than 32 levels with 400 (found by fuzzing: it was a 500)', async () => {
      const deep = `{"name":"x","count":1,"extra":${'['.repeat(40)}${']'.repeat(40)}}`;
      const res = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .set('Content-Type', 'application/json')
        .send(deep);
      expect(res.status).toBe(400);
      expect(res.text).toBe('The JSON body is nested more than 32 levels deep.');
    });

    it('answers a body over the limit with 413', async () => {
      const res = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .send({ name: 'x'.repeat(4000), count: 1 });
      expect(res.status).toBe(413);
      expect(res.text).toBe('The request body is larger than the limit of 2kb.');
    });

    it('names each invalid field in text, and lists them in ProblemDetails on request', async () => {
      const text = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .send({ name: 5, count: 'many', extra: true });
      expect(text.status).toBe(400);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.text).toContain('name must be a string');
      expect(text.text).toContain('count must be an integer number');

      const problem = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .set('Accept', 'application/problem+json')
        .send({ name: 'ok', count: 99 });
      expect(problem.status).toBe(400);
      expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = JSON.parse(problem.text) as { status: number; errors: { field: string }[] };
      expect(body.status).toBe(400);
      expect(body.errors).toEqual([
        { field: 'count', message: 'count must not be greater than 10' },
      ]);
    });

    it('ignores unknown fields instead of rejecting them', async () => {
      const res = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .send({ name: 'ok', count: 2, extra: { deep: 1 } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ name: 'ok', count: 2 });
    });

    it('negotiates ProblemDetails for 401, 403 and 404 when asked', async () => {
      const cases = [
        { path: '/test-only/boom', headers: {}, status: 401 },
        { path: '/admin/clients', headers: auth(), status: 403 },
        { path: '/nope', headers: auth(), status: 404 },
      ];
      for (const c of cases) {
        const res = await request(t.http)
          .get(c.path)
          .set(c.headers)
          .set('Accept', 'application/problem+json');
        expect(res.status).toBe(c.status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.text)).toMatchObject({ type: 'about:blank', status: c.status });
      }
    });
  });

  describe('X-Request-Id', () => {
    it('is generated when absent, echoed when sane, replaced when not', async () => {
      const generated = await request(t.http).get('/health/live');
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const echoed = await request(t.http)
        .get('/health/live')
        .set('X-Request-Id', 'erp-42.retry:1');
      expect(echoed.headers['x-request-id']).toBe('erp-42.retry:1');
      const replaced = await request(t.http)
        .get('/health/live')
        .set('X-Request-Id', 'bad id <script>');
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('is on error responses raised before the handler (a malformed body)', async () => {
      const res = await request(t.http)
        .post('/test-only/echo')
        .set(auth())
        .set('Content-Type', 'application/json')
        .send('{');
      expect(res.status).toBe(400);
      expect(res.headers['x-request-id']).toBeDefined();
    });
  });

  it('never logs the token', async () => {
    await request(t.http).get('/test-only/boom').set(auth());
    await request(t.http).get('/test-only/clients/x').set('SPECTRUM_API_TOKEN', user.token);
    expect(t.logs()).not.toContain(user.token);
    expect(t.logs()).toContain('request completed');
  });
});
