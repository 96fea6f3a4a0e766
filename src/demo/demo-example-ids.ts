import { Injectable } from '@nestjs/common';

/**
 * The ids of the demo rows that Swagger's examples name and that a database gives out (UUIDs,
 * identity columns): read at run time, where the seed made or found them. A row that is gone (an
 * example deleted it) has no id here; the examples then name its placeholder.
 */
export interface DemoIds {
  /** The UUID of the first demo recipe set (DEMTEE2A). */
  recipeUuid: string;
  /** The invited colleague. */
  userId: string;
  /** The token revokeToken's example revokes. */
  tokenId: string;
  /** The first share link of DEMTEE2A. */
  shareLinkId: string;
  moderationWordId: number;
  blockedHashId: number;
  /** The demo webhook endpoint, and one delivery (a test ping) of it. */
  webhookEndpointId: string;
  webhookDeliveryId: string;
  /** The endpoint deleteWebhookEndpoint's example deletes. */
  removableWebhookEndpointId: string;
}

/**
 * Fixed, plausible ids of the committed document (it must not change with each seed), and of the
 * served one where the demo has no such row.
 */
export const DEMO_ID_PLACEHOLDERS: DemoIds = {
  recipeUuid: '6f1c2b7e-3d4a-4f5b-9c8d-7e6f5a4b3c2d',
  userId: '2c7d9e41-5b3a-4c8f-a1e6-0d9b8c7a6f54',
  tokenId: '9a4e2f61-7c3b-4d85-b0a9-1e2f3c4d5e6f',
  shareLinkId: 'd3b8a2c1-6e4f-4a7b-8c9d-0e1f2a3b4c5d',
  moderationWordId: 7,
  blockedHashId: 12,
  webhookEndpointId: '5e8f1a2b-3c4d-4e6f-8a9b-0c1d2e3f4a5b',
  webhookDeliveryId: 'b7c6d5e4-f3a2-4b1c-9d8e-7f6a5b4c3d2e',
  removableWebhookEndpointId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
};

/** The demo's ids, filled by DemoService.seed() (when it creates the demo and when it exists). */
@Injectable()
export class DemoExampleIds {
  private ids: Partial<DemoIds> = {};

  set(ids: Partial<DemoIds>): void {
    this.ids = { ...ids };
  }

  current(): Partial<DemoIds> {
    return this.ids;
  }
}
