import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** The durable job queue (pg-boss in the service's PostgreSQL), for every module. */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
