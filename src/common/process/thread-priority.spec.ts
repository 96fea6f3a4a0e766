import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  currentThreadId,
  keepThreadsLow,
  lowerThreadPriority,
  NICE_INCREMENT,
  threadNice,
} from './thread-priority';

const linux = process.platform === 'linux';
const threads = () => new Set(readdirSync('/proc/self/task').map(Number));

(linux ? describe : describe.skip)('thread priorities (Linux)', () => {
  const processNice = getPriority();

  it("lowers one thread to the main thread's priority + NICE_INCREMENT, once however often asked", async () => {
    const before = threads();
    const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    try {
      // The worker's own thread: one of those that started with it (libuv may start others).
      const started = [...threads()].filter((tid) => !before.has(tid));
      expect(started.length).toBeGreaterThan(0);
      const low = Math.min(19, processNice + NICE_INCREMENT);
      for (const tid of started) {
        expect(lowerThreadPriority(tid)).toBe(true);
        expect(threadNice(tid)).toBe(low);
        // Asked again (a second watcher): it stays where it is, not lower.
        expect(lowerThreadPriority(tid)).toBe(true);
        expect(threadNice(tid)).toBe(low);
      }
      // The event loop's own thread keeps the process's priority.
      expect(threadNice(currentThreadId()!)).toBe(processNice);
    } finally {
      await worker.terminate();
    }
  });

  it('leaves threads of other names alone', async () => {
    const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    try {
      const before = readdirSync('/proc/self/task').map((t) => [Number(t), threadNice(Number(t))]);
      keepThreadsLow('no thread has this name', 10)();
      for (const [tid, nice] of before) {
        try {
          expect(threadNice(tid)).toBe(nice);
        } catch (err) {
          // A thread that ended meanwhile (getPriority fails): not one we changed.
          if (!(err instanceof Error) || !/ESRCH|no such process/i.test(err.message)) throw err;
        }
      }
    } finally {
      await worker.terminate();
    }
  });
});
