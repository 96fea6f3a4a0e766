/**
 * Concurrent calls for the same key share one execution: the first caller runs `work`, the others
 * wait for its result (or its failure). Once it settles, the next call runs afresh. In-process
 * only; across instances a shared lock (Redis) does the same job.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  /** Keys being worked on now. */
  get size(): number {
    return this.inFlight.size;
  }
}
