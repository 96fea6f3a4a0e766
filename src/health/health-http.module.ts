import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthModule } from './health.module';

/** `/health/live` and `/health/ready` of the API (a worker answers its probes on WORKER_PORT). */
@Module({
  imports: [HealthModule],
  controllers: [HealthController],
})
export class HealthHttpModule {}
