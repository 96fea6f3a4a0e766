import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Health and metrics (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness and readiness of the database (and Redis when configured)', async () => {
    expect((await request(t.http).get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await request(t.http).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: {
        database: 'up',
        redis: process.env.REDIS_URL ? 'up' : 'disabled',
        workers: 'disabled',
      },
    });
  });

  it('writes no request log line for health checks, and one for other routes', async () => {
    await request(t.http).get('/health/live').set('X-Request-Id', 'health-live-probe');
    await request(t.http).get('/health/ready/').set('X-Request-Id', 'health-ready-probe');
    await request(t.http).get('/api/clients/current').set('X-Request-Id', 'api-probe');
    const logs = t.logs();
    expect(logs).not.toContain('health-live-probe');
    expect(logs).not.toContain('health-ready-probe');
    expect(logs).toMatch(/"id":"api-probe".*request completed/);
  });

  it('turns readiness red when Redis is configured but unreachable', async () => {
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await request(down.http).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        checks: { database: 'up', redis: 'down', workers: 'disabled' },
      });
    } finally {
      await down.close();
    }
  });

  it('serves Prometheus metrics by route template and status to ServiceAdmin only', async () => {
    const user = await createClient(t.app, { role: Role.Admin });
    const service = await createClient(t.app, { role: Role.ServiceAdmin });
    await request(t.http).get('/logentry/detail/3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11');
    expect((await request(t.http).get('/metrics')).status).toBe(401);
    expect(
      (await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', user.token)).status,
    ).toBe(403);
    const res = await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', service.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // The job queue's depth, read from the queue when scraped.
    expect(res.text).toMatch(/^jobs_queued\{name="print-files"\} \d+$/m);
    expect(res.text).toMatch(/^jobs_active\{name="print-files"\} \d+$/m);
    expect(res.text).toMatch(
      /http_requests_total\{method="GET",route="\/logentry\/detail\/:logId",status="404"\} 1/,
    );
    expect(res.text).toContain('http_request_duration_seconds_bucket');
    expect(res.text).toContain('process_resident_memory_bytes');
  });

  it('reports the work pools, database connections and cache lookups of this process', async () => {
    const service = await createClient(t.app, { role: Role.ServiceAdmin });
    // A token's first use looks it up in the database (a miss), the next in the cache (a hit).
    for (let i = 0; i < 2; i++)
      await request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', service.token);
    const res = await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', service.token);
    expect(res.status).toBe(200);
    for (const pool of ['renders', 'transforms', 'upload_bodies', 'uploads']) {
      expect(res.text).toMatch(new RegExp(`^work_pool_running\\{pool="${pool}"\\} 0$`, 'm'));
      expect(res.text).toMatch(new RegExp(`^work_pool_waiting\\{pool="${pool}"\\} 0$`, 'm'));
    }
    expect(res.text).toMatch(/^# TYPE work_pool_refusals_total counter$/m);
    expect(res.text).toMatch(/^# TYPE work_pool_wait_seconds histogram$/m);
    expect(res.text).toMatch(/^image_memory_held_bytes 0$/m);
    expect(res.text).toMatch(/^image_memory_waiting_tasks 0$/m);
    expect(res.text).toMatch(/^database_pool_connections\{state="in_use"\} \d+$/m);
    expect(res.text).toMatch(/^database_pool_connections\{state="idle"\} \d+$/m);
    expect(res.text).toMatch(/^database_pool_waiting \d+$/m);
    expect(res.text).toMatch(/^database_pool_max [1-9]\d*$/m);
    expect(res.text).toMatch(/^cache_lookups_total\{cache="tokens",result="hit"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^cache_lookups_total\{cache="tokens",result="miss"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^build_info\{version="[^"]+",commit="[^"]+",node="v\d+/m);
  });
});
