import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../common/jobs/job-queue';
import { WebhookDeliverer } from './webhook-deliverer';

/**
 * The `deliver-webhook` job: a wake-up of WebhookDeliverer (sent with attempts made due, delayed
 * for a retry), which makes every due attempt this process can claim.
 */
@Injectable()
export class DeliverWebhookJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  onModuleInit(): void {
    this.jobs.handle('deliver-webhook', () => this.deliverer.deliverDue(), { concurrency: 1 });
  }
}
