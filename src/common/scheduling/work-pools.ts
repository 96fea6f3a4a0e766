import { Global, Injectable, Module } from '@nestjs/common';
import { Gauge, Histogram } from '../metrics/prom-client';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { CommonSettings } from '../settings/common-settings';
import { FairPool, PoolObserver } from './fair-pool';
import { MemoryBudget, UNWEIGHED_IMAGE_BYTES } from './memory-budget';
import { PeriodicTasks } from './periodic-task';

/** The pools by their name in /metrics. */
type PoolName = 'renders' | 'transforms' | 'upload_bodies' | 'uploads';

/**
 * The process's pools of heavy work, one of each, shared by every route that does that work, and
 * each shared fairly between clients (see {@link FairPool}): renders, transformations of renders,
 * upload bodies held in memory and upload normalisations; and the one budget of bytes that the
 * image work of every pool and the print jobs share ({@link memory}).
 */
@Injectable()
export class WorkPools {
  /** Drawing renders (decoded layers and artwork in memory). */
  readonly renders: FairPool;
  /** Resizing and re-encoding stored renders: lighter, so more at once, never behind a render. */
  readonly transforms: FairPool;
  /** Upload bodies read into memory, held until the answer is sent (bounds their memory). */
  readonly uploadBodies: FairPool;
  /** Decoding and re-encoding uploaded images (CPU-bound in libvips). */
  readonly uploads: FairPool;
  /**
   * IMAGE_MEMORY_BUDGET_MB: a task of any pool (and a print job) holds what its cost model says it
   * allocates while it runs, so that together they stay within the budget; taken inside the
   * pool's turn, so a client waits for memory only with the share the pool gives it.
   */
  readonly memory: MemoryBudget;

  constructor(config: CommonSettings, metrics?: MetricsRegistry) {
    const observe = poolMetrics(metrics);
    const r = config.render;
    const renderQueues = {
      share: r.clientShare,
      maxQueued: r.queue,
      maxQueuedPerClient: r.clientQueue,
      maxWaitMs: r.queueWaitMs,
    };
    this.renders = new FairPool({
      concurrency: r.concurrency,
      ...renderQueues,
      what: 'renders',
      observer: observe('renders'),
    });
    this.transforms = new FairPool({
      concurrency: r.transformConcurrency,
      ...renderQueues,
      what: 'image transformations',
      observer: observe('transforms'),
    });
    const u = config.uploads;
    const uploadQueues = {
      share: u.clientShare,
      maxQueued: u.queue,
      maxQueuedPerClient: u.clientQueue,
      maxWaitMs: u.queueWaitMs,
    };
    this.uploadBodies = new FairPool({
      concurrency: u.bodies,
      ...uploadQueues,
      what: 'uploads',
      observer: observe('upload_bodies'),
    });
    this.uploads = new FairPool({
      concurrency: u.concurrency,
      ...uploadQueues,
      what: 'uploads being processed',
      observer: observe('uploads'),
    });
    this.memory = new MemoryBudget(config.imageMemoryBudgetBytes, UNWEIGHED_IMAGE_BYTES);
    if (metrics) this.gauges(metrics);
  }

  private byName(): Record<PoolName, FairPool> {
    return {
      renders: this.renders,
      transforms: this.transforms,
      upload_bodies: this.uploadBodies,
      uploads: this.uploads,
    };
  }

  /** Tasks running and waiting in each pool, read when scraped. */
  private gauges(metrics: MetricsRegistry): void {
    for (const state of ['running', 'waiting'] as const) {
      const gauge: Gauge<'pool'> = new Gauge({
        name: `work_pool_${state}`,
        help: `Tasks ${state === 'running' ? 'running' : 'waiting for their turn'} in each work pool of this process.`,
        labelNames: ['pool'] as const,
        registers: [metrics.registry],
        collect: () => {
          for (const [pool, p] of Object.entries(this.byName())) gauge.set({ pool }, p.load[state]);
        },
      });
    }
    const held: Gauge = new Gauge({
      name: 'image_memory_held_bytes',
      help: 'Bytes of IMAGE_MEMORY_BUDGET_MB held by running image tasks and print jobs (by their cost models).',
      registers: [metrics.registry],
      collect: () => held.set(this.memory.load.used),
    });
    const waiting: Gauge = new Gauge({
      name: 'image_memory_waiting_tasks',
      help: 'Image tasks and print jobs waiting for their weight to fit in IMAGE_MEMORY_BUDGET_MB.',
      registers: [metrics.registry],
      collect: () => waiting.set(this.memory.load.waiting),
    });
  }
}

/** The observer of each pool: its waits (a histogram) and refusals (a counter by reason). */
function poolMetrics(metrics?: MetricsRegistry): (pool: PoolName) => PoolObserver | undefined {
  if (!metrics) return () => undefined;
  const waits = new Histogram({
    name: 'work_pool_wait_seconds',
    help: 'How long tasks that had to wait for their turn waited, by work pool.',
    labelNames: ['pool'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  const refusals = metrics.counter(
    'work_pool_refusals_total',
    'Tasks a work pool refused (503): its queue full, the client’s queue full, or waited too long.',
    ['pool', 'reason'],
  );
  return (pool) => ({
    waited: (ms) => waits.observe({ pool }, ms / 1000),
    refused: (reason) => refusals.inc({ pool, reason }),
  });
}

/**
 * Provides {@link WorkPools} (one set of pools per process) and {@link PeriodicTasks} to every
 * module.
 */
@Global()
@Module({ providers: [WorkPools, PeriodicTasks], exports: [WorkPools, PeriodicTasks] })
export class SchedulingModule {}
