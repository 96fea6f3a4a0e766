import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's unsent messages by status and kind, as /metrics counts them on every scrape: a
 * partial index, so that the count reads only what is not sent, however many messages were.
 */
export class OutboxUnsent1766003500000 implements MigrationInterface {
  name = 'OutboxUnsent1766003500000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_outbox_message_unsent" ON "outbox_message"("status", "kind") WHERE status <> 'sent'`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_outbox_message_unsent"`);
  }
}
