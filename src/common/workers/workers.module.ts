import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { CommonSettings } from '../settings/common-settings';
import { acquireWorkerPool, releaseWorkerPool, WorkerPool } from './worker-pool';

/**
 * Holds the application's use of the process's worker pool: acquired with the configured
 * settings when the app starts, released (the last user destroys the threads) when it closes,
 * after the HTTP server has drained, so that no request in flight loses its task.
 */
@Injectable()
export class WorkerPoolLifecycle implements OnApplicationShutdown {
  readonly pool: WorkerPool;

  constructor(@Inject(CommonSettings) config: CommonSettings) {
    this.pool = acquireWorkerPool(config.workerPool);
  }

  async onApplicationShutdown(): Promise<void> {
    await releaseWorkerPool();
  }
}

/** Makes {@link WorkerPool} injectable everywhere (the process's pool). */
@Global()
@Module({
  providers: [
    WorkerPoolLifecycle,
    {
      provide: WorkerPool,
      useFactory: (lifecycle: WorkerPoolLifecycle) => lifecycle.pool,
      inject: [WorkerPoolLifecycle],
    },
  ],
  exports: [WorkerPool],
})
export class WorkersModule {}
