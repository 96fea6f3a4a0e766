import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox of e-mail and SMS (src/messages): one row per message and recipient, its
 * recipient and content encrypted, sent by the `deliver-message` job.
 */
export class Outbox1764700000000 implements MigrationInterface {
  name = 'Outbox1764700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "outbox_message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid, "channel" character varying(8) NOT NULL, "kind" character varying(50) NOT NULL, "locale" character varying(16) NOT NULL, "recipient_hint" character varying(100) NOT NULL, "payload" text NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "last_error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2f36ee5236f2793f3e7bd554589" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_outbox_message_client" ON "outbox_message" ("client_id", "created_at")`,
    );
    await q.query(`CREATE INDEX "IDX_outbox_message_created" ON "outbox_message" ("created_at")`);
    await q.query(
      `ALTER TABLE "outbox_message" ADD CONSTRAINT "FK_2a343ae4b9e4e66eefa00659711" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "outbox_message"`);
  }
}
