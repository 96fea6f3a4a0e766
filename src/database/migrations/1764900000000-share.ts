import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sharing (src/share): the share links (only their tokens' hashes); the sharing switches of client accounts and products (on by default); and the
 * outbox's claim, which keeps a request's immediate delivery attempt and the delivery job from
 * both sending a message.
 */
export class Share1764900000000 implements MigrationInterface {
  name = 'Share1764900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "share_link" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "recipe_set_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "channel" character varying(8) NOT NULL, "recipient_hint" character varying(100) NOT NULL, "locale" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_baf591b531906ad01104a628b17" UNIQUE ("token_hash"), CONSTRAINT "PK_c20801720fbd00896c634d4aa94" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_share_link_recipe_set" ON "share_link" ("client_id", "recipe_set_id", "created_at")`,
    );
    await q.query(
      `ALTER TABLE "client_account" ADD "sharing_enabled" boolean NOT NULL DEFAULT true`,
    );
    await q.query(`ALTER TABLE "product" ADD "sharing_enabled" boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE "outbox_message" ADD "claimed_until" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `ALTER TABLE "share_link" ADD CONSTRAINT "FK_bcd250aa5b0073c306d0d5dbea1" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "share_link" ADD CONSTRAINT "FK_6bf2b7dd3d369024eebc449035e" FOREIGN KEY ("recipe_set_id") REFERENCES "recipe_set"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "share_link"`);
    await q.query(`ALTER TABLE "outbox_message" DROP COLUMN "claimed_until"`);
    await q.query(`ALTER TABLE "product" DROP COLUMN "sharing_enabled"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "sharing_enabled"`);
  }
}
