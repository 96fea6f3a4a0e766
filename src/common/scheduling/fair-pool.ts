import { DomainError, ErrorKind } from '../errors/domain-error';

/** The pool's queue is full (overall or the client's), or a task waited too long for its turn. */
export class PoolBusy extends DomainError {
  constructor(what: string, retryAfterSeconds: number, reason?: string) {
    super(
      'POOL_BUSY',
      ErrorKind.Unavailable,
      `Too many ${what} at once${reason ? ` (${reason})` : ''}; retry in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    );
  }
}

export interface FairPoolOptions {
  /** Tasks running at once, over all clients. */
  concurrency: number;
  /**
   * Fraction (0–1] of `concurrency` one client may hold: it runs at most
   * `max(1, ceil(concurrency × share))` tasks at once, so the rest is left to the others.
   */
  share: number;
  /** Tasks waiting at once, over all clients (503 beyond). */
  maxQueued: number;
  /** Tasks one client may have waiting (503 beyond): its own queue, not the others'. */
  maxQueuedPerClient: number;
  /** How long a task may wait for its turn (then 503 with Retry-After). */
  maxWaitMs: number;
  /** What the tasks are, for the PoolBusy text ("renders"). */
  what: string;
  /** Told of each task that had to wait (how long) and each refusal (why): the pool's metrics. */
  observer?: PoolObserver;
}

/** Why a pool refused a task: its queue was full, the client's was, or the task waited too long. */
export type PoolRefusal = 'queue_full' | 'client_queue_full' | 'wait_timeout';

export interface PoolObserver {
  waited(ms: number): void;
  refused(reason: PoolRefusal): void;
}

/** Returns a slot to the pool (idempotent). */
export type Release = () => void;

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

interface ClientState {
  running: number;
  waiting: Waiter[];
  /** When the client last started a task (a counter): who had a turn longest ago goes first. */
  lastStart: number;
}

/**
 * A concurrency pool shared fairly between clients (pattern 10 of ARCHITECTURE.md): at most
 * `concurrency` tasks run at once; one client holds at most its share of them and has its own
 * bounded queue. When a slot frees, the waiting client running the fewest tasks goes next, and
 * among equals the one whose last turn is longest ago (clients take turns), so a client that
 * floods the pool waits behind itself, never in front of another's single request. A task refused (queue full) or waiting longer than
 * `maxWaitMs` gets {@link PoolBusy} (503 with Retry-After).
 */
export class FairPool {
  private running = 0;
  private waitingCount = 0;
  /** Clients with work running or waiting. */
  private readonly clients = new Map<string, ClientState>();
  private readonly perClient: number;
  private starts = 0;

  constructor(private readonly options: FairPoolOptions) {
    if (options.concurrency < 1) throw new Error('a pool needs a concurrency of at least 1');
    if (!(options.share > 0 && options.share <= 1)) throw new Error('a share is in (0, 1]');
    this.perClient = Math.max(1, Math.ceil(options.concurrency * options.share));
  }

  /** Runs `task` in a slot of `client`'s share, once its turn comes. */
  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    const release = await this.acquire(client);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /**
   * Waits for a slot of `client`'s share and holds it until released: for work whose end is not a
   * promise (say, an upload body held in memory until its response is sent).
   */
  acquire(client: string): Promise<Release> {
    const state = this.state(client);
    if (this.running < this.options.concurrency && state.running < this.perClient)
      return Promise.resolve(this.take(client, state));
    if (this.waitingCount >= this.options.maxQueued) return Promise.reject(this.busy('queue_full'));
    if (state.waiting.length >= this.options.maxQueuedPerClient)
      return Promise.reject(
        this.busy(
          'client_queue_full',
          `${this.options.maxQueuedPerClient} of this client's wait already`,
        ),
      );
    const since = Date.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.options.observer?.waited(Date.now() - since);
          resolve(this.take(client, state));
        },
        timer: setTimeout(() => {
          const i = state.waiting.indexOf(waiter);
          if (i >= 0) {
            state.waiting.splice(i, 1);
            this.waitingCount--;
            this.forget(client, state);
          }
          reject(this.busy('wait_timeout'));
        }, this.options.maxWaitMs),
      };
      waiter.timer.unref();
      state.waiting.push(waiter);
      this.waitingCount++;
    });
  }

  /** Tasks running and waiting now, over all clients. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Tasks of one client running and waiting now. */
  loadOf(client: string): { running: number; waiting: number } {
    const state = this.clients.get(client);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }

  /** Most tasks one client may run at once. */
  get clientConcurrency(): number {
    return this.perClient;
  }

  private take(client: string, state: ClientState): Release {
    this.running++;
    state.running++;
    state.lastStart = ++this.starts;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      state.running--;
      this.forget(client, state);
      this.next();
    };
  }

  /**
   * Starts waiting tasks while slots are free. Next is the eligible client (waiting, below its
   * share) running fewest tasks, and among those the one whose last turn is longest ago: so clients
   * take turns, and one with a single request goes before another's tenth.
   */
  private next(): void {
    while (this.running < this.options.concurrency) {
      let chosen: ClientState | undefined;
      for (const s of this.clients.values()) {
        if (s.waiting.length === 0 || s.running >= this.perClient) continue;
        if (
          !chosen ||
          s.running < chosen.running ||
          (s.running === chosen.running && s.lastStart < chosen.lastStart)
        )
          chosen = s;
      }
      if (!chosen) return;
      const waiter = chosen.waiting.shift()!;
      this.waitingCount--;
      waiter.start();
    }
  }

  private state(client: string): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      state = { running: 0, waiting: [], lastStart: 0 };
      this.clients.set(client, state);
    }
    return state;
  }

  private forget(client: string, state: ClientState): void {
    if (state.running === 0 && state.waiting.length === 0 && this.clients.get(client) === state)
      this.clients.delete(client);
  }

  private busy(why: PoolRefusal, reason?: string): PoolBusy {
    this.options.observer?.refused(why);
    return new PoolBusy(
      this.options.what,
      Math.max(1, Math.ceil(this.options.maxWaitMs / 1000)),
      reason,
    );
  }
}
