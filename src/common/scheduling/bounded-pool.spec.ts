import { BoundedPool, PoolBusy } from './bounded-pool';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('BoundedPool', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const pool = new BoundedPool({
      concurrency: 2,
      maxQueued: 10,
      maxWaitMs: 10_000,
      what: 'renders',
    });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      pool.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(pool.load).toEqual({ running: 2, waiting: 2 });
    gates[1].resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses beyond the queue, and a task that waited too long, with PoolBusy (503)', async () => {
    jest.useFakeTimers();
    try {
      const pool = new BoundedPool({
        concurrency: 1,
        maxQueued: 1,
        maxWaitMs: 50,
        what: 'renders',
      });
      const gate = deferred();
      const first = pool.run(() => gate.promise);
      const queued = pool.run(() => Promise.resolve('late'));
      await expect(pool.run(() => Promise.resolve('x'))).rejects.toThrow(
        'Too many renders at once; retry in 1 s.',
      );
      jest.advanceTimersByTime(51);
      await expect(queued).rejects.toBeInstanceOf(PoolBusy);
      gate.resolve();
      await first;
      expect(pool.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('frees the slot when a task fails', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxQueued: 1, maxWaitMs: 1000, what: 'x' });
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.run(() => Promise.resolve(7))).toBe(7);
  });
});
