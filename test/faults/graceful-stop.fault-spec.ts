import { setTimeout as sleep } from 'node:timers/promises';
import { startLoad } from '../support/processes/load';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { useRig } from './support/rig';

/**
 * SIGTERM (a deploy or a scale-down) while partners stream acknowledgements: the API stops taking
 * connections, answers every request it had accepted, and exits 0. No request is cut off: what
 * was not answered was not done.
 */
/**
 * The grace period after which connections still open are cut. The stop must end before it: the
 * connections drained, none was cut. How soon it ends within it (about the slowest request in
 * flight plus the clients' keep-alive close) depends on the machine and is not measured here.
 */
const GRACE_MS = 30_000;

describe('SIGTERM of the API during a stream of acknowledgements', () => {
  const rig = useRig({
    client: 'sigterm',
    recipeSets: 4,
    env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) },
  });

  it('answers every accepted request, refuses new connections, and exits 0 before the grace period ends, even when signalled again', async () => {
    const traffic = startLoad(rig.api.baseUrl, 8, (n) => ({
      label: `TERM-${n}`,
      method: 'POST',
      path: '/api/order/acknowledgement',
      token: rig.token,
      body: orderBody(`TERM-${n}`, rig.recipeSets, n),
    }));
    await sleep(1000);
    const signalled = performance.now();
    rig.api.signal('SIGTERM');
    // An impatient operator (or orchestrator) signals again: the stop stays graceful.
    await sleep(50);
    rig.api.signal('SIGINT');
    rig.api.signal('SIGTERM');
    const exit = await rig.api.exited;
    const stopMs = performance.now() - signalled;
    await sleep(200);
    const exchanges = await traffic.stop();

    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(GRACE_MS);
    // Every answer is a 200. A request that got none was never taken: its connection was refused
    // (the listener is closed), or reset by the kernel, which resets the connections still waiting
    // in the listen queue when the listener closes; neither kind stored anything.
    const unanswered = exchanges.filter((e) => e.status === 0);
    expect(
      exchanges
        .filter((e) => e.status !== 200 && !['ECONNREFUSED', 'ECONNRESET'].includes(e.error ?? ''))
        .map((e) => `${e.label} ${e.status} ${e.error ?? e.text.slice(0, 200)}`),
    ).toEqual([]);
    expect(unanswered.filter((e) => e.error === 'ECONNREFUSED').length).toBeGreaterThan(0);
    const notTaken = await storedCounts(
      rig.databaseUrl,
      unanswered.map((e) => e.label),
    );
    expect([...notTaken.entries()].filter(([, n]) => n > 0)).toEqual([]);
    const ok = exchanges.filter((e) => e.status === 200).map((e) => e.label);
    expect(ok.length).toBeGreaterThan(0);
    const stored = await storedCounts(rig.databaseUrl, ok);
    expect(ok.filter((po) => stored.get(po) !== 1)).toEqual([]);
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
  });
});
