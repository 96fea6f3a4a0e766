/**
 * A budget of bytes shared by work that allocates a lot at once (print jobs): a weighted
 * semaphore. Each task declares up front what it will allocate at most and starts only when that
 * fits beside what the running tasks declared, so that together they never exceed the budget.
 * A task declaring more than the whole budget runs alone (its weight is the budget), never
 * refused: the ceilings that bound one task (PRINT_MAX_PIXELS…) are checked elsewhere, before.
 * Waiting tasks start in arrival order (a large task is not overtaken forever by small ones).
 */
export class MemoryBudget {
  private used = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new Error('a memory budget needs a capacity above 0');
  }

  /** Runs `task` once `bytes` (at most the capacity) fit in the budget, holding them until it ends. */
  async run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
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
