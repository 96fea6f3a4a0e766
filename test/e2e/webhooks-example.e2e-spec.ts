import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { freePort } from '../../scripts/lib/ports';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const EXAMPLE = join(__dirname, '..', '..', 'docs', 'examples', 'webhook-receiver.mjs');

/** The receiving example of docs/api/webhooks.md, run as printed, verifies what the service sends. */
describe('Webhooks: the receiver example (docs/examples/webhook-receiver.mjs)', () => {
  let t: TestApp;
  let a: TestClient;
  let receiver: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(async () => {
    receiver?.kill();
    await t.close();
  });

  it('verifies a signed ping and prints it; a forged one is refused with 401', async () => {
    const port = await freePort();
    const created = await request(t.http)
      .post('/api/webhooks/endpoints')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ url: `http://127.0.0.1:${port}/` });
    expect(created.status).toBe(201);
    receiver = spawn(process.execPath, [EXAMPLE], {
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: created.body.data.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    receiver.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // Listening once a request gets an answer (a forged delivery: 401).
    let forged = 0;
    for (let i = 0; i < 100 && forged !== 401; i++) {
      forged = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'webhook-id': 'evt_x', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
        body: '{}',
      }).then(
        (r) => r.status,
        () => 0,
      );
      if (forged !== 401) await new Promise((r) => setTimeout(r, 100));
    }
    expect(forged).toBe(401);

    const ping = await request(t.http)
      .post(`/api/webhooks/endpoints/${created.body.data.id}/test`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(ping.status).toBe(202);
    for (let i = 0; i < 200 && !output.includes('verified'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(output.trim()).toBe(`verified webhook.ping ${ping.body.data.eventId}`);
  });
});
