import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and webhooks (src/webhooks): the event log (positions from a sequence, the writing
 * transaction's id, per-order sequences), webhook endpoints (secrets encrypted, with their key-id
 * indexes) and delivery attempts.
 */
export class Webhooks1766003200000 implements MigrationInterface {
  name = 'Webhooks1766003200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE "event_position_seq" AS bigint`);
    await q.query(
      `CREATE TABLE "event" ("id" uuid NOT NULL, "public_id" character varying(40) NOT NULL, "client_id" uuid NOT NULL, "position" bigint NOT NULL, "txid" bigint NOT NULL, "type" character varying(64) NOT NULL, "purchase_order_number" character varying(100), "ordering_key" character varying(200), "envelope" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_b5d78e4b7a678076853523499eb" UNIQUE ("public_id"), CONSTRAINT "UQ_1196bc649c169d0911d739399ff" UNIQUE ("position"), CONSTRAINT "PK_30c2f3bbaf6d34a55f8ae6e4614" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_event_created_at" ON "event"("created_at")`);
    await q.query(
      `CREATE INDEX "IDX_event_client_log" ON "event"("client_id", "txid", "position")`,
    );
    await q.query(
      `CREATE TABLE "event_sequence" ("client_id" uuid NOT NULL, "purchase_order_number" character varying(100) NOT NULL, "last_sequence" integer NOT NULL, CONSTRAINT "PK_85987ee999757ddb80c5bd3f4db" PRIMARY KEY ("client_id", "purchase_order_number"))`,
    );
    await q.query(
      `CREATE TABLE "webhook_endpoint" ("id" uuid NOT NULL, "client_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "event_types" text array, "description" character varying(500), "status" character varying(16) NOT NULL, "disabled_reason" character varying(300), "secret" text NOT NULL, "previous_secret" text, "previous_secret_until" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6c98112122b2b8a4f3984d2efa8" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_endpoint_client" ON "webhook_endpoint"("client_id", "created_at")`,
    );
    await q.query(
      `CREATE TABLE "webhook_attempt" ("id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_position" bigint NOT NULL, "ordering_key" character varying(200), "event_type" character varying(64) NOT NULL, "attempt" integer NOT NULL, "status" character varying(16) NOT NULL, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "claimed_until" TIMESTAMP WITH TIME ZONE, "response_status" integer, "duration_ms" integer, "error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e4ff77b66cdd20591ba6189a1f9" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_webhook_attempt_event" ON "webhook_attempt"("event_id")`);
    await q.query(
      `CREATE INDEX "IDX_webhook_attempt_pending_due" ON "webhook_attempt"("due_at") WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_attempt_pending_stream" ON "webhook_attempt"("endpoint_id", "ordering_key", "event_position") WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_attempt_endpoint_log" ON "webhook_attempt"("endpoint_id", "created_at")`,
    );
    await q.query(
      `ALTER TABLE "event" ADD CONSTRAINT "FK_07c71f2d1cbf2a9625c8fcb516e" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "event_sequence" ADD CONSTRAINT "FK_398bdc83822895bf896dc907bc4" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "FK_5b1c3f89ef180d8f17f67bab167" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "webhook_attempt" ADD CONSTRAINT "FK_d44c762778e1f227f560e1e951f" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "webhook_attempt" ADD CONSTRAINT "FK_d46139e0c708afc0fc9162c8147" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_endpoint_secret_key" ON "webhook_endpoint" ((split_part("secret", '.', 2)))`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_endpoint_previous_secret_key" ON "webhook_endpoint" ((split_part("previous_secret", '.', 2))) WHERE "previous_secret" IS NOT NULL`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_webhook_endpoint_previous_secret_key"`);
    await q.query(`DROP INDEX "IDX_webhook_endpoint_secret_key"`);
    await q.query(`ALTER TABLE "webhook_attempt" DROP CONSTRAINT "FK_d46139e0c708afc0fc9162c8147"`);
    await q.query(`ALTER TABLE "webhook_attempt" DROP CONSTRAINT "FK_d44c762778e1f227f560e1e951f"`);
    await q.query(
      `ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "FK_5b1c3f89ef180d8f17f67bab167"`,
    );
    await q.query(`ALTER TABLE "event_sequence" DROP CONSTRAINT "FK_398bdc83822895bf896dc907bc4"`);
    await q.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_07c71f2d1cbf2a9625c8fcb516e"`);
    await q.query(`DROP INDEX "public"."IDX_webhook_attempt_endpoint_log"`);
    await q.query(`DROP INDEX "public"."IDX_webhook_attempt_pending_stream"`);
    await q.query(`DROP INDEX "public"."IDX_webhook_attempt_pending_due"`);
    await q.query(`DROP INDEX "public"."IDX_webhook_attempt_event"`);
    await q.query(`DROP TABLE "webhook_attempt"`);
    await q.query(`DROP INDEX "public"."IDX_webhook_endpoint_client"`);
    await q.query(`DROP TABLE "webhook_endpoint"`);
    await q.query(`DROP TABLE "event_sequence"`);
    await q.query(`DROP INDEX "public"."IDX_event_client_log"`);
    await q.query(`DROP INDEX "public"."IDX_event_created_at"`);
    await q.query(`DROP TABLE "event"`);
    await q.query(`DROP SEQUENCE "event_position_seq"`);
  }
}
