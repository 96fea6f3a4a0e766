import { Injectable } from '@nestjs/common';

/**
 * In-process wake-ups, after a commit, of the event relay (events to fan out) and of the delivery
 * loop (attempts due now), where this process runs workers; other processes learn of the same
 * work from the relay's poll and the `deliver-webhook` job.
 */
@Injectable()
export class WebhookWakeups {
  private relayListener?: () => void;
  private deliveryListener?: () => void;

  onRelay(listener: () => void): void {
    this.relayListener = listener;
  }

  onDelivery(listener: () => void): void {
    this.deliveryListener = listener;
  }

  relay(): void {
    this.relayListener?.();
  }

  deliver(): void {
    this.deliveryListener?.();
  }
}
