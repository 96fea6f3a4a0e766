import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  currentThreadId,
  keepThreadsLow,
  lowerThreadPriority,
  NICE_INCREMENT,
  threadNice,
} from '../process/thread-priority';
import { LIBVIPS_THREAD_NAME, sharp } from './sharp';

const linux = process.platform === 'linux';
const threadsNamed = (name: string) =>
  readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => {
      try {
        return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });

(linux ? describe : describe.skip)("libvips' threads (Linux)", () => {
  const processNice = getPriority();

  it("keeps libvips' own worker threads below the event loop's priority", async () => {
    // Work large enough for libvips to start its workers.
    await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#808080' } })
      .blur(3)
      .png()
      .toBuffer();
    const vips = threadsNamed(LIBVIPS_THREAD_NAME);
    expect(vips.length).toBeGreaterThan(0);
    const stop = keepThreadsLow(LIBVIPS_THREAD_NAME, 10);
    try {
      // The watcher looks at once, then every 10 ms: wait for it, not for a fixed time.
      for (let i = 0; i < 500 && vips.some((tid) => threadNice(tid) === processNice); i++)
        await sleep(10);
    } finally {
      stop();
    }
    const low = Math.min(19, processNice + NICE_INCREMENT);
    for (const tid of vips) expect(threadNice(tid)).toBe(low);
    // Lowered again (a second watcher, a thread started by a lowered one): it stays where it is.
    expect(lowerThreadPriority(vips[0])).toBe(true);
    expect(threadNice(vips[0])).toBe(low);
    // The event loop's own thread keeps the process's priority.
    expect(threadNice(currentThreadId()!)).toBe(processNice);
  });
});
