import { Module } from '@nestjs/common';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

/** The checks behind the probes: the API's routes (HealthHttpModule) and a worker's port. */
@Module({ providers: [HealthService, HealthRepository], exports: [HealthService] })
export class HealthModule {}
