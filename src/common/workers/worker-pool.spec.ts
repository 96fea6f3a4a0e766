import { threadId } from 'node:worker_threads';
import {
  compiledTaskModule,
  WorkerPool,
  WorkerPoolBusy,
  workerTask,
  WorkerTaskFailed,
  WorkerTaskTimedOut,
} from './worker-pool';

const PROBES = 'common/workers/probe-tasks';
const whichThread = workerTask<void, number>(PROBES, 'whichThread');
const spin = workerTask<number, number>(PROBES, 'spin');
const exhaustHeap = workerTask<void, number>(PROBES, 'exhaustHeap');
const byteSum = workerTask<Uint8Array, number>(PROBES, 'byteSum');
const filledBytes = workerTask<{ length: number; value: number }, { bytes: Uint8Array }>(
  PROBES,
  'filledBytes',
);
const threadNice = workerTask<void, number>('common/workers/worker-entry', 'threadNice');

describe('WorkerPool', () => {
  let pool: WorkerPool;
  const settings = { threads: 2, queue: 4, taskTimeoutMs: 5_000, heapMb: 64 };

  beforeEach(() => {
    pool = new WorkerPool(settings);
  });
  afterEach(() => pool.destroy());

  it('runs a named task in another thread and counts it', async () => {
    const id = await pool.run(whichThread, undefined);
    expect(id).not.toBe(threadId);
    expect(id).toBeGreaterThan(0);
    expect(pool.completed).toBe(1);
  });

  it('runs its threads at a lower priority than the event loop (Linux)', async () => {
    if (process.platform !== 'linux') return;
    const { getPriority } = await import('node:os');
    expect(await pool.run(threadNice, undefined)).toBeGreaterThan(getPriority());
  });

  it('uses at most the configured threads', async () => {
    const ids = await Promise.all(
      Array.from({ length: 4 }, () => pool.run(spin, 50).then(() => pool.threads)),
    );
    expect(Math.max(...ids)).toBeLessThanOrEqual(2);
  });

  it('moves transferred buffers instead of copying them', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await expect(pool.run(byteSum, bytes, { transfer: [bytes.buffer] })).resolves.toBe(256);
    expect(bytes.byteLength).toBe(0); // detached here: it moved to the thread
  });

  it('moves buffers a task made back to the caller', async () => {
    const { bytes } = await pool.run(filledBytes, { length: 1 << 20, value: 7 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.byteLength).toBe(1 << 20);
    expect(bytes.buffer.byteLength).toBe(1 << 20);
    expect(bytes[0] + bytes[(1 << 20) - 1]).toBe(14);
  });

  it('stops a runaway task at its timeout with a typed 503 error, and keeps working', async () => {
    const err = await pool.run(spin, 60_000, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerTaskTimedOut);
    expect((err as WorkerTaskTimedOut).retryAfterSeconds).toBeGreaterThan(0);
    expect((err as Error).message).toContain('within 300 ms (WORKER_TASK_TIMEOUT_MS)');
    await expect(pool.run(spin, 1)).resolves.toBeGreaterThan(0);
  });

  it('an out-of-memory task kills its thread, not the process', async () => {
    // Filling the heap takes longer on a busy machine: a timeout far above it, so that only the
    // out-of-memory can end the task.
    const err = await pool
      .run(exhaustHeap, undefined, { timeoutMs: 100_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerTaskFailed);
    expect((err as Error).message).toContain('out of memory (WORKER_HEAP_MB=64)');
    await expect(pool.run(whichThread, undefined)).resolves.toBeGreaterThan(0);
  }, 120_000);

  it('refuses tasks beyond the queue with a typed 503 error', async () => {
    const small = new WorkerPool({ ...settings, threads: 1, queue: 1 });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, () => small.run(spin, 100)),
      );
      // One running and one waiting are accepted; the rest are refused at once.
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      for (const o of outcomes)
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WorkerPoolBusy);
      expect(small.pending).toBe(0);
    } finally {
      await small.destroy();
    }
  });

  it('names the missing build when dist/ lacks a task module', () => {
    expect(() => compiledTaskModule('common/workers/nope', '/nonexistent')).toThrow(
      /\/nonexistent\/dist\/src\/common\/workers\/nope\.js is missing: run `npm run build`/,
    );
  });
});
