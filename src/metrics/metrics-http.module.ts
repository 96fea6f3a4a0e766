import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsModule } from './metrics.module';

/** `GET /metrics` of the API (a worker serves its metrics on WORKER_PORT). */
@Module({
  imports: [MetricsModule],
  controllers: [MetricsController],
})
export class MetricsHttpModule {}
