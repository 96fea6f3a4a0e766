import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { DomainError, ErrorKind } from '../errors/domain-error';
import type { TaskCall } from './worker-entry';
import { projectRoot } from '../files/project-root';
import type { WorkerPoolSettings } from '../settings/section-settings';

/** The module every worker thread runs (it lowers the thread's priority, then runs the task). */
const ENTRY = 'common/workers/worker-entry';

/**
 * The worker-thread pool (with worker-entry.ts, the only users of `piscina`): JavaScript that loops over pixels or
 * builds documents runs here, so that it never blocks the event loop. Each task has a timeout
 * (the thread running it is terminated) and each thread a V8 heap limit, so a runaway or
 * out-of-memory task kills a thread, not the process, and its caller gets a typed error.
 *
 * A task is an exported function of a module under `src/` (see {@link WorkerTask}). Worker
 * threads cannot load TypeScript, so the pool always loads the compiled module from `dist/src`
 * (built by `npm run build`; `npm test` builds it when stale), in production and under Jest
 * alike. Task modules must be plain: no Nest, no database; arguments and results are structured-
 * cloned (Buffers inside are transferred when listed; a task moves buffers it made back with
 * `movedBack`, worker-entry.ts). Worker threads run at a lower priority
 * than the event loop (worker-entry.ts).
 */

/** min(2, cores): renders and documents must leave a core to the event loop on small machines. */
export const DEFAULT_WORKER_THREADS = Math.max(1, Math.min(2, availableParallelism()));

export const DEFAULT_WORKER_POOL_SETTINGS: WorkerPoolSettings = {
  threads: DEFAULT_WORKER_THREADS,
  queue: 256,
  taskTimeoutMs: 60_000,
  heapMb: 512,
};

/**
 * A named task: the export `name` of the module `module` (a path under `src/` without extension,
 * e.g. `common/images/pixel-loops`), taking `A` and answering `R`.
 */
export interface WorkerTask<A, R> {
  readonly module: string;
  readonly name: string;
  /** Phantom types: a task's argument and result. */
  readonly __types?: (arg: A) => R;
}

/** Declares a task (see {@link WorkerTask}); run it with {@link WorkerPool.run}. */
export function workerTask<A, R>(module: string, name: string): WorkerTask<A, R> {
  return { module, name };
}

/** The pool's queue is full: 503, retry shortly. */
export class WorkerPoolBusy extends DomainError {
  constructor(queue: number) {
    super(
      'WORKER_POOL_BUSY',
      ErrorKind.Unavailable,
      `The service is busy: ${queue} tasks are already waiting for a worker thread (WORKER_QUEUE); retry shortly.`,
      { retryAfterSeconds: 5 },
    );
  }
}

/** A task ran longer than WORKER_TASK_TIMEOUT_MS and was stopped: 503, retry shortly. */
export class WorkerTaskTimedOut extends DomainError {
  constructor(task: string, ms: number) {
    super(
      'WORKER_TASK_TIMED_OUT',
      ErrorKind.Unavailable,
      `The task ${task} was not finished within ${ms} ms (WORKER_TASK_TIMEOUT_MS) and was stopped; retry shortly.`,
      { retryAfterSeconds: 5 },
    );
  }
}

/** A task's thread died (out of memory beyond WORKER_HEAP_MB, or crashed): 500 with a log entry. */
export class WorkerTaskFailed extends DomainError {
  constructor(task: string, reason: string) {
    super(
      'WORKER_TASK_FAILED',
      ErrorKind.Failed,
      `The task ${task} failed in its worker thread: ${reason}.`,
      { logEntry: true },
    );
  }
}

/** The compiled module of a task; a clear error when dist/ has not been built. */
export function compiledTaskModule(module: string, root = projectRoot()): string {
  const file = join(root, 'dist', 'src', `${module}.js`);
  if (!existsSync(file))
    throw new Error(
      `The worker module ${file} is missing: run \`npm run build\` (worker threads load the compiled dist/).`,
    );
  // Under Jest the code under test is the TypeScript source: a worker running an older build
  // would test something else (`npm test` rebuilds a stale dist/ first; a bare `jest` does not).
  const source = join(root, 'src', `${module}.ts`);
  if (process.env.JEST_WORKER_ID && existsSync(source))
    if (statSync(source).mtimeMs > statSync(file).mtimeMs)
      throw new Error(
        `The worker module ${file} is older than ${source}: run \`npm run build\` (worker threads load the compiled dist/).`,
      );
  return file;
}

const OOM = /ERR_WORKER_OUT_OF_MEMORY|out of memory|heap limit/i;

/** A pool of worker threads running named tasks. */
export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly files = new Map<string, string>();
  private ran = 0;
  private inFlight = 0;

  constructor(readonly settings: WorkerPoolSettings = DEFAULT_WORKER_POOL_SETTINGS) {
    this.piscina = new Piscina({
      minThreads: 0,
      maxThreads: settings.threads,
      // Idle threads stop, so a process (or a test) that ran a few tasks can exit.
      idleTimeout: 2_000,
      // Not piscina's maxQueue: it does not count tasks that carry an abort signal (all of ours).
      resourceLimits: {
        maxOldGenerationSizeMb: settings.heapMb,
        maxYoungGenerationSizeMb: Math.max(16, Math.round(settings.heapMb / 8)),
      },
    });
  }

  /** Tasks that completed in a worker thread since the pool started (tests and metrics). */
  get completed(): number {
    return this.ran;
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  /** Tasks accepted and not finished (running or waiting for a thread). */
  get pending(): number {
    return this.inFlight;
  }

  /**
   * Runs `task` with `arg` in a worker thread. `transfer` lists buffers moved to the thread
   * instead of copied (they are unusable here afterwards).
   *
   * @throws WorkerPoolBusy, WorkerTaskTimedOut, WorkerTaskFailed; the task's own error otherwise.
   */
  async run<A, R>(
    task: WorkerTask<A, R>,
    arg: A,
    options: { transfer?: ArrayBufferLike[]; timeoutMs?: number } = {},
  ): Promise<R> {
    const label = `${task.module}#${task.name}`;
    if (this.inFlight >= this.settings.threads + this.settings.queue)
      throw new WorkerPoolBusy(this.settings.queue);
    const timeoutMs = options.timeoutMs ?? this.settings.taskTimeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    this.inFlight++;
    try {
      const call: TaskCall = { file: this.fileOf(task.module), name: task.name, arg };
      const result = (await this.piscina.run(call, {
        filename: this.fileOf(ENTRY),
        name: 'run',
        signal,
        transferList: options.transfer as never,
      })) as R;
      this.ran++;
      return result;
    } catch (err) {
      throw this.typed(err, label, timeoutMs, signal);
    } finally {
      this.inFlight--;
    }
  }

  /** Stops every thread (running tasks are aborted). */
  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }

  private fileOf(module: string): string {
    let file = this.files.get(module);
    if (!file) {
      file = compiledTaskModule(module);
      this.files.set(module, file);
    }
    return file;
  }

  private typed(err: unknown, label: string, timeoutMs: number, signal: AbortSignal): unknown {
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as { code?: string } | null)?.code ?? '';
    if (signal.aborted) return new WorkerTaskTimedOut(label, timeoutMs);
    if (OOM.test(code) || OOM.test(message))
      return new WorkerTaskFailed(label, `out of memory (WORKER_HEAP_MB=${this.settings.heapMb})`);
    if (/terminated|exited/i.test(message)) return new WorkerTaskFailed(label, message);
    return err;
  }
}

let shared: WorkerPool | undefined;
let sharedSettings: WorkerPoolSettings = DEFAULT_WORKER_POOL_SETTINGS;
let users = 0;

/**
 * The process's pool, for library code that is not a Nest provider (the renderer's raster
 * steps). Started on first use with the settings of {@link acquireWorkerPool} (defaults before).
 */
export function workerPool(): WorkerPool {
  shared ??= new WorkerPool(sharedSettings);
  return shared;
}

/** An application starts using the process's pool with its settings (see WorkersModule). */
export function acquireWorkerPool(settings: WorkerPoolSettings): WorkerPool {
  users++;
  if (!shared) sharedSettings = settings;
  return workerPool();
}

/** An application stops using the pool; the last one out destroys it (threads stop). */
export async function releaseWorkerPool(): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0 || !shared) return;
  const pool = shared;
  shared = undefined;
  await pool.destroy();
}
