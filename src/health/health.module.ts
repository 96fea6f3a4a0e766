import { Module } from '@nestjs/common';
import { HealthService } from './health.service';

/** The checks behind the probes: the API's routes (HealthHttpModule) and a worker's port. */
@Module({ providers: [HealthService], exports: [HealthService] })
export class HealthModule {}
