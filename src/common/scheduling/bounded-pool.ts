import { DomainError, ErrorKind } from '../errors/domain-error';

/** The pool's queue is full, or a task waited too long for its turn. */
export class PoolBusy extends DomainError {
  constructor(what: string) {
    super('POOL_BUSY', ErrorKind.Unavailable, `Too many ${what} at once; retry shortly.`);
  }
}

/**
 * Runs at most `concurrency` tasks at once (e.g. renders: each holds decoded images in memory);
 * up to `maxQueued` more wait their turn, each at most `maxWaitMs`, and anything beyond is refused
 * with {@link PoolBusy} (503), so a burst can neither exhaust memory nor queue without bound.
 */
export class BoundedPool {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly options: {
      concurrency: number;
      maxQueued: number;
      maxWaitMs: number;
      /** What the tasks are, for the PoolBusy text ("renders"). */
      what: string;
    },
  ) {
    if (options.concurrency < 1) throw new Error('a pool needs a concurrency of at least 1');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.start();
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueued)
      return Promise.reject(new PoolBusy(this.options.what));
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          this.running++;
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new PoolBusy(this.options.what));
        }, this.options.maxWaitMs),
      };
      entry.timer.unref();
      this.waiting.push(entry);
    });
  }
}
