import { setTimeout as sleep } from 'node:timers/promises';

/** One job as a worker takes it from the queue. */
export interface TakenJob<T = unknown> {
  id: string;
  data: T;
  retryCount: number;
  priority: number;
}

/** What a worker loop does with the queue; JobWorkers binds these to pg-boss (JobSource). */
export interface WorkerQueue<T> {
  /** The next job, or undefined when there is none (or the queue cannot be read now). */
  take(): Promise<TakenJob<T> | undefined>;
  complete(job: TakenJob<T>): Promise<void>;
  fail(job: TakenJob<T>, err: unknown): Promise<void>;
}

export interface WorkerOptions {
  pollMs: number;
  /** How long one attempt may run before the worker gives up on it and fails it. */
  attemptTimeoutMs: number;
  /** Told about what the loop could not do (record an outcome); never throws into the loop. */
  onError: (err: unknown, what: string) => void;
}

/**
 * One worker: takes a job, runs it, records the outcome, and polls again (at once after a job,
 * after `pollMs` when the queue was empty, sooner when notified). Every outcome is recorded with
 * an awaited, caught statement: pg-boss's own `work()` records outcomes without awaiting them, so
 * a database outage mid-job rejected a promise nobody handled and ended the process. An outcome
 * that cannot be recorded leaves the job active; it expires and is retried (JOB_EXPIRE_SECONDS).
 */
export class JobWorker<T> {
  private stopping = false;
  private wake?: AbortController;
  private loop?: Promise<void>;

  constructor(
    private readonly queue: WorkerQueue<T>,
    private readonly run: (job: TakenJob<T>) => Promise<void>,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.loop ??= this.work();
  }

  /** Polls now rather than at the next interval (a job was just sent). */
  notify(): void {
    this.wake?.abort();
  }

  /**
   * Takes no new job and waits up to `timeoutMs` for the running one; resolves true when the
   * worker ended within it (a job cut off is retried after it expires).
   */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    this.notify();
    if (!this.loop) return true;
    const ended = await Promise.race([
      this.loop.then(() => true),
      sleep(timeoutMs, false, { ref: false }),
    ]);
    return ended;
  }

  private async work(): Promise<void> {
    while (!this.stopping) {
      const job = await this.queue.take().catch((err: unknown) => {
        this.options.onError(err, 'take a job');
        return undefined;
      });
      if (job) {
        await this.attempt(job);
        continue;
      }
      this.wake = new AbortController();
      await sleep(this.options.pollMs, undefined, { signal: this.wake.signal }).catch(() => {});
      this.wake = undefined;
    }
  }

  private async attempt(job: TakenJob<T>): Promise<void> {
    const limit = new AbortController();
    const timedOut = sleep(this.options.attemptTimeoutMs, undefined, {
      signal: limit.signal,
    }).then(() => {
      throw new Error(`the attempt took longer than ${this.options.attemptTimeoutMs} ms`);
    });
    timedOut.catch(() => {});
    let failure: { err: unknown } | undefined;
    try {
      await Promise.race([this.run(job), timedOut]);
    } catch (err) {
      failure = { err };
    } finally {
      limit.abort();
    }
    const record = failure ? this.queue.fail(job, failure.err) : this.queue.complete(job);
    await record.catch((err: unknown) =>
      this.options.onError(err, `record the job ${failure ? 'failed' : 'completed'}`),
    );
  }
}
