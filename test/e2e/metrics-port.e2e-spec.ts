import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/ports';
import { runBuilt, MAIN, startBuiltServer } from '../support/built-server';

// Tests that run child processes have budgets sized in test/support/budgets.ts.
/**
 * The API's internal metrics port (METRICS_PORT) as an operator's scraper reaches it: the built
 * server in production mode on a fresh embedded data directory.
 */
describe('Metrics port of the API (built, embedded database)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pci-metrics-port-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const production = () => ({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
  });

  it('serves /metrics and the probes without a token on METRICS_PORT; the public /metrics still wants its token', async () => {
    const metricsPort = await freePort();
    const server = await startBuiltServer({ ...production(), METRICS_PORT: String(metricsPort) });
    const internal = `http://127.0.0.1:${metricsPort}`;
    try {
      // The banner names the port (its JSON line, output piped).
      expect(server.stdout).toContain(`"metrics":"${internal}/metrics"`);

      // The public port: no token, or a token in a header it does not read, is refused.
      const anonymous = await fetch(`${server.baseUrl}/metrics`);
      expect(anonymous.status).toBe(401);
      const bearer = await fetch(`${server.baseUrl}/metrics`, {
        headers: { Authorization: `Bearer ${randomBytes(16).toString('hex')}` },
      });
      expect(bearer.status).toBe(401);
      expect(await bearer.text()).not.toContain('http_requests_total');

      // The internal port: Prometheus text without a token, counting the public port's requests
      // by route template (the two refusals above), not its own scrapes.
      const scrape = await fetch(`${internal}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await scrape.text();
      expect(text).toMatch(
        /^http_requests_total\{method="GET",route="\/metrics",status="401"\} 2$/m,
      );
      expect(text).toMatch(/^build_info\{.*\} 1$/m);
      expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
      expect(text).toMatch(/^# TYPE process_cpu_seconds_total counter$/m);

      const ready = await fetch(`${internal}/health/ready`);
      expect(ready.status).toBe(200);
      const unknown = await fetch(`${internal}/api/orders`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({
        title: 'No route /api/orders on the metrics port',
      });
      const post = await fetch(`${internal}/metrics`, { method: 'POST' });
      expect(post.status).toBe(405);
    } finally {
      await server.stop();
    }
  }, 200_000);

  it('serves no metrics port unless METRICS_PORT is set', async () => {
    const server = await startBuiltServer(production());
    try {
      expect(server.stdout).toContain('"msg":"listening"');
      expect(server.stdout).not.toContain('"metrics":');
    } finally {
      await server.stop();
    }
  }, 200_000);

  it('refuses to start with METRICS_PORT equal to PORT, naming both', async () => {
    const port = await freePort();
    const run = await runBuilt(
      { ...production(), PORT: String(port), METRICS_PORT: String(port) },
      MAIN,
    );
    expect(run.code).toBe(78);
    expect(run.stderr).toContain(`METRICS_PORT must differ from PORT (both ${port})`);
  }, 200_000);
});
