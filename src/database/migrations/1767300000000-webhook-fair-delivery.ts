import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair webhook delivery (src/webhooks/webhook-deliverer.ts): each endpoint's circuit breaker
 * (its failures in a row, and until when its attempts are not claimed), and the index the claim
 * reads an endpoint's due attempts from, oldest due first.
 */
export class WebhookFairDelivery1767300000000 implements MigrationInterface {
  name = 'WebhookFairDelivery1767300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "webhook_endpoint" ADD "consecutive_failures" integer NOT NULL DEFAULT 0`,
    );
    await q.query(
      `ALTER TABLE "webhook_endpoint" ADD "breaker_open_until" TIMESTAMP WITH TIME ZONE`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_attempt_pending_endpoint_due" ON "webhook_attempt"("endpoint_id", "due_at") WHERE status = 'pending'`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_webhook_attempt_pending_endpoint_due"`);
    await q.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "breaker_open_until"`);
    await q.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "consecutive_failures"`);
  }
}
