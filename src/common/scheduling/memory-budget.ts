/**
 * IMAGE_MEMORY_BUDGET_MB's default: with an idle API process near 350 MiB, image work within
 * 384 MiB keeps the process near 768 MiB (bench/README.md, abuse suite). The demo tee's largest
 * render (3413 × 4096) weighs about 450 MB and runs alone.
 */
export const DEFAULT_IMAGE_MEMORY_BUDGET_MB = 384;

/**
 * Image tasks weighing less are not weighed, so that the renders most requests ask for (the
 * default 1000 × 1200: ~38 MB) never wait behind a large one: at most RENDER_CONCURRENCY +
 * RENDER_TRANSFORM_CONCURRENCY + UPLOAD_CONCURRENCY of them run at once, so the pools bound
 * their memory.
 */
export const UNWEIGHED_IMAGE_BYTES = 48 * 1024 * 1024;

/**
 * A budget of bytes shared by work that allocates a lot at once (renders, transformations,
 * uploads, print jobs): a weighted semaphore. Each task declares up front what it will allocate
 * at most and starts only when that fits beside what the running tasks declared, so that together
 * they never exceed the budget. A task declaring more than the whole budget runs alone (its
 * weight is the budget), never refused: the ceilings that bound one task (PRINT_MAX_PIXELS,
 * RENDER_MAX_SIDE…) are checked elsewhere, before. Waiting tasks start in arrival order (a large
 * task is not overtaken forever by small ones).
 *
 * Small tasks (under `unweighedBelow` bytes) are not weighed: they start at once, whatever waits,
 * so a 100-px thumbnail never waits behind a 4096-px render. Their memory is bounded by the pools
 * that run them (a few tasks of a few MB each), not by this budget.
 */
export class MemoryBudget {
  private used = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(
    readonly capacity: number,
    readonly unweighedBelow = 0,
  ) {
    if (!(capacity > 0)) throw new Error('a memory budget needs a capacity above 0');
  }

  /** Runs `task` once `bytes` (at most the capacity) fit in the budget, holding them until it ends. */
  async run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
    if (bytes < this.unweighedBelow) return task();
    const release = await this.acquire(bytes);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** Waits until `bytes` fit; the function returned gives them back (once). */
  acquire(bytes: number): Promise<() => void> {
    const weight = Math.min(this.capacity, Math.max(0, Math.ceil(bytes)));
    return new Promise((resolve) => {
      const start = () => {
        this.used += weight;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.used -= weight;
          this.next();
        });
      };
      if (this.waiting.length === 0 && this.used + weight <= this.capacity) start();
      else this.waiting.push({ bytes: weight, start });
    });
  }

  /** Bytes held by running tasks, and tasks waiting. */
  get load(): { used: number; waiting: number } {
    return { used: this.used, waiting: this.waiting.length };
  }

  private next(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0].bytes <= this.capacity)
      this.waiting.shift()!.start();
  }
}
