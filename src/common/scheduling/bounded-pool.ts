import { FairPool } from './fair-pool';

export { PoolBusy } from './fair-pool';

/** The one client of a {@link BoundedPool}. */
const ANYONE = '';

/**
 * Runs at most `concurrency` tasks at once; up to `maxQueued` more wait their turn, each at most
 * `maxWaitMs`, and anything beyond is refused with PoolBusy (503 with Retry-After). A
 * {@link FairPool} with one client, for work that is not done for a client.
 */
export class BoundedPool {
  private readonly pool: FairPool;

  constructor(options: {
    concurrency: number;
    maxQueued: number;
    maxWaitMs: number;
    what: string;
  }) {
    this.pool = new FairPool({ ...options, share: 1, maxQueuedPerClient: options.maxQueued });
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.pool.run(ANYONE, task);
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }
}
