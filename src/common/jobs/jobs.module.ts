import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue';
import { JobsRepository } from './jobs.repository';

/** The durable job queue (pg-boss in the service's PostgreSQL), for every module. */
@Global()
@Module({ providers: [JobQueue, JobsRepository], exports: [JobQueue] })
export class JobsModule {}
