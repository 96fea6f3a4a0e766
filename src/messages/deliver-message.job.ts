import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../common/jobs/job-queue';
import { MessageOutbox } from './message-outbox';

/**
 * The `deliver-message` job: one message of the outbox, sent by MessageOutbox.deliver (which
 * shares its attempt with the immediate one of deliverNow), retried per the queue's settings.
 */
@Injectable()
export class DeliverMessageJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly outbox: MessageOutbox,
  ) {}

  onModuleInit(): void {
    this.jobs.handle('deliver-message', (data, job) => this.outbox.deliver(data.messageId, job), {
      concurrency: 2,
    });
  }
}
