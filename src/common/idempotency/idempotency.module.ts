import { Global, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { PeriodicTasks } from '../scheduling/periodic-task';
import { IDEMPOTENCY_ENTITIES } from './idempotency-key.entity';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(IDEMPOTENCY_ENTITIES)],
  providers: [IdempotencyRepository, IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop?: () => void;

  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly periodic: PeriodicTasks,
    private readonly logger: PinoLogger,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = this.periodic.start(
      'idempotency-purge',
      PURGE_INTERVAL_MS,
      () => this.idempotency.purgeExpired(),
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
