import { Global, Injectable, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { FairPool } from './fair-pool';
import { PeriodicTasks } from './periodic-task';

/**
 * The process's pools of heavy work, one of each, shared by every route that does that work, and
 * each shared fairly between clients (see {@link FairPool}): renders, transformations of renders,
 * upload bodies held in memory and upload normalisations.
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

  constructor(config: AppConfig) {
    const r = config.render;
    const renderQueues = {
      share: r.clientShare,
      maxQueued: r.queue,
      maxQueuedPerClient: r.clientQueue,
      maxWaitMs: r.queueWaitMs,
    };
    this.renders = new FairPool({ concurrency: r.concurrency, ...renderQueues, what: 'renders' });
    this.transforms = new FairPool({
      concurrency: r.transformConcurrency,
      ...renderQueues,
      what: 'image transformations',
    });
    const u = config.uploads;
    const uploadQueues = {
      share: u.clientShare,
      maxQueued: u.queue,
      maxQueuedPerClient: u.clientQueue,
      maxWaitMs: u.queueWaitMs,
    };
    this.uploadBodies = new FairPool({ concurrency: u.bodies, ...uploadQueues, what: 'uploads' });
    this.uploads = new FairPool({
      concurrency: u.concurrency,
      ...uploadQueues,
      what: 'uploads being processed',
    });
  }
}

/**
 * Provides {@link WorkPools} (one set of pools per process) and {@link PeriodicTasks} to every
 * module.
 */
@Global()
@Module({ providers: [WorkPools, PeriodicTasks], exports: [WorkPools, PeriodicTasks] })
export class SchedulingModule {}
