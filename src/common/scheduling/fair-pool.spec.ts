import { FairPool, FairPoolOptions, PoolBusy } from './fair-pool';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

const settle = () => new Promise((r) => setImmediate(r));

function pool(options: Partial<FairPoolOptions> = {}): FairPool {
  return new FairPool({
    concurrency: 1,
    share: 1,
    maxQueued: 100,
    maxQueuedPerClient: 100,
    maxWaitMs: 60_000,
    what: 'renders',
    ...options,
  });
}

/** Runs a gated task of `client`, noting when it starts. */
function gated(p: FairPool, client: string, started: string[]) {
  const gate = deferred();
  const done = p.run(client, async () => {
    started.push(client);
    await gate.promise;
  });
  return { open: () => gate.resolve(), done };
}

describe('FairPool', () => {
  it("starts a waiting client's single task before another client's queued ones", async () => {
    const p = pool();
    const started: string[] = [];
    const a = [gated(p, 'a', started), gated(p, 'a', started), gated(p, 'a', started)];
    const b = gated(p, 'b', started);
    await settle();
    expect(started).toEqual(['a']);
    expect(p.load).toEqual({ running: 1, waiting: 3 });
    a[0].open();
    await a[0].done;
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.open();
    a[1].open();
    a[2].open();
    await Promise.all([b.done, a[1].done, a[2].done]);
    expect(started).toEqual(['a', 'b', 'a', 'a']);
    expect(p.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes turns between clients (round-robin) as slots free', async () => {
    const p = pool();
    const started: string[] = [];
    const runs = [
      gated(p, 'a', started),
      gated(p, 'a', started),
      gated(p, 'a', started),
      gated(p, 'b', started),
      gated(p, 'b', started),
      gated(p, 'c', started),
    ];
    for (const r of runs) r.open();
    await Promise.all(runs.map((r) => r.done));
    expect(started).toEqual(['a', 'b', 'c', 'a', 'b', 'a']);
  });

  it('holds one client to its share, leaving the rest of the pool to the others', async () => {
    const p = pool({ concurrency: 4, share: 0.5 });
    expect(p.clientConcurrency).toBe(2);
    const started: string[] = [];
    const a = [1, 2, 3, 4].map(() => gated(p, 'a', started));
    await settle();
    expect(p.loadOf('a')).toEqual({ running: 2, waiting: 2 });
    const b = gated(p, 'b', started);
    await settle();
    expect(started).toEqual(['a', 'a', 'b']);
    [...a, b].forEach((r) => r.open());
    await Promise.all([...a, b].map((r) => r.done));
    expect(p.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses beyond one client's queue with PoolBusy and Retry-After, not another client's", async () => {
    const p = pool({ maxQueuedPerClient: 1, maxWaitMs: 3_500 });
    const started: string[] = [];
    const first = gated(p, 'a', started);
    const queued = gated(p, 'a', started);
    const refused = p.run('a', () => Promise.resolve());
    await expect(refused).rejects.toBeInstanceOf(PoolBusy);
    await expect(refused).rejects.toMatchObject({
      retryAfterSeconds: 4,
      message: "Too many renders at once (1 of this client's wait already); retry in 4 s.",
    });
    const other = gated(p, 'b', started);
    first.open();
    queued.open();
    other.open();
    await Promise.all([first.done, queued.done, other.done]);
    expect(started).toEqual(['a', 'b', 'a']);
  });

  it('refuses a task that waited longer than maxWaitMs, and beyond the whole queue', async () => {
    jest.useFakeTimers();
    try {
      const p = pool({ maxQueued: 1, maxWaitMs: 50 });
      const gate = deferred();
      const first = p.run('a', () => gate.promise);
      const queued = p.run('b', () => Promise.resolve('late'));
      await expect(p.run('c', () => Promise.resolve())).rejects.toThrow(
        'Too many renders at once; retry in 1 s.',
      );
      jest.advanceTimersByTime(51);
      await expect(queued).rejects.toBeInstanceOf(PoolBusy);
      gate.resolve();
      await first;
      expect(p.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('frees the slot when a task fails, and a lease once however often it is released', async () => {
    const p = pool();
    await expect(p.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const release = await p.acquire('a');
    release();
    release();
    expect(p.load).toEqual({ running: 0, waiting: 0 });
    expect(await p.run('a', () => Promise.resolve(7))).toBe(7);
  });

  it('tells its observer of each task that waited and of each refusal, with the reason', async () => {
    const events: string[] = [];
    const p = pool({
      maxQueued: 2,
      maxQueuedPerClient: 1,
      maxWaitMs: 50,
      observer: {
        waited: (ms) => events.push(`waited ${ms >= 0 ? 'ok' : ms}`),
        refused: (reason) => events.push(reason),
      },
    });
    const started: string[] = [];
    const running = gated(p, 'a', started);
    const queued = gated(p, 'b', started);
    await expect(p.run('b', () => Promise.resolve())).rejects.toBeInstanceOf(PoolBusy);
    const c = gated(p, 'c', started);
    await expect(p.run('d', () => Promise.resolve())).rejects.toBeInstanceOf(PoolBusy);
    expect(events).toEqual(['client_queue_full', 'queue_full']);
    running.open();
    await running.done;
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(events).toEqual(['client_queue_full', 'queue_full', 'waited ok']);
    // c waits behind b past maxWaitMs.
    await expect(c.done).rejects.toBeInstanceOf(PoolBusy);
    expect(events.at(-1)).toBe('wait_timeout');
    queued.open();
    await queued.done;
  });
});
