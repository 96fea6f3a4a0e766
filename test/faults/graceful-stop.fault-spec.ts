import { setTimeout as sleep } from 'node:timers/promises';
import { startLoad } from '../support/processes/load';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { useRig } from './support/rig';

/**
 * SIGTERM (a deploy or a scale-down) while partners stream acknowledgements: the API stops taking
 * connections, answers every request it had accepted, and exits 0. No request is cut off.
 */
describe('SIGTERM of the API during a stream of acknowledgements', () => {
  const rig = useRig({ client: 'sigterm', recipeSets: 4 });

  it('answers every accepted request, refuses new connections, and exits 0 within seconds, even when signalled again', async () => {
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
    expect(stopMs).toBeLessThan(10_000);
    // Before the signal every answer is a 200; after it, connections are refused — never reset.
    const cut = exchanges.filter((e) => e.status !== 200 && e.error !== 'ECONNREFUSED');
    expect(cut.map((e) => `${e.label} ${e.status} ${e.error ?? e.text.slice(0, 200)}`)).toEqual([]);
    const ok = exchanges.filter((e) => e.status === 200).map((e) => e.label);
    expect(ok.length).toBeGreaterThan(0);
    const stored = await storedCounts(rig.databaseUrl, ok);
    expect(ok.filter((po) => stored.get(po) !== 1)).toEqual([]);
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
  });
});
