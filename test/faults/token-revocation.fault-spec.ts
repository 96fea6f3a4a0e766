import { performance } from 'node:perf_hooks';
import { withClient } from '../setup/test-database';
import { call } from '../support/processes/http';
import { useRig } from './support/rig';

/**
 * Each instance remembers token lookups; a revoked token must still stop working within 1 s on
 * every instance: through Redis when the revocation is published there, and through the cache
 * entries' time to live when it cannot be (Redis down, or a revocation nobody published).
 */
const BOUND_MS = 1000;

describe('Token revocation across two instances', () => {
  const rig = useRig({ client: 'revoke', recipeSets: 1, redis: true, instances: 2 });

  const newToken = async (role: string): Promise<{ id: string; token: string }> => {
    const out = (await rig.env.cli('token', 'create', 'revoke', '--role', role)).trimEnd();
    const token = out.slice(out.lastIndexOf('\n') + 1).trim();
    const meta = JSON.parse(out.slice(0, out.lastIndexOf('\n'))) as { id: string };
    return { id: meta.id, token };
  };
  const current = (instance: number, token: string) =>
    call(rig.apis[instance].baseUrl, 'GET', '/api/clients/current', { token });
  /** Polls instance 1 with `token` (keeping its cache entry in use) until it answers 401. */
  const rejectedOnSecond = async (token: string, since: number): Promise<number> => {
    for (;;) {
      const res = await current(1, token);
      if (res.status === 401) return performance.now() - since;
      expect(res.status).toBe(200);
      if (performance.now() - since > 10_000) return Infinity;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('revoked through one instance, the token stops working on the other within 1 s', async () => {
    const admin = await newToken('ServiceAdmin');
    const user = await newToken('User');
    for (const instance of [0, 1, 1])
      expect((await current(instance, user.token)).status).toBe(200);

    const started = performance.now();
    const revoked = await call(rig.apis[0].baseUrl, 'DELETE', `/admin/tokens/${user.id}`, {
      token: admin.token,
    });
    expect(revoked.status).toBe(204);
    expect((await current(0, user.token)).status).toBe(401);
    expect(await rejectedOnSecond(user.token, started)).toBeLessThan(BOUND_MS);
  });

  it('with Redis down, a revocation that reaches no instance still stops the token within 1 s', async () => {
    const user = await newToken('User');
    await rig.redis!.stop();
    try {
      for (const instance of [0, 1, 1])
        expect((await current(instance, user.token)).status).toBe(200);
      // Revoked in the database only, as if its message had been lost.
      const revokedAt = await withClient(rig.databaseUrl, async (db) => {
        await db.query('UPDATE api_token SET revoked_at = now() WHERE id = $1', [user.id]);
        return performance.now();
      });
      expect(await rejectedOnSecond(user.token, revokedAt)).toBeLessThan(BOUND_MS);
      expect((await current(0, user.token)).status).toBe(401);
    } finally {
      await rig.redis!.start();
    }
  });
});
