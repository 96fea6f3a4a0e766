import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation (src/moderation): the words each client adds to the built-in word lists, and each
 * client's blocklist of perceptual image hashes.
 */
export class Moderation1765000000000 implements MigrationInterface {
  name = 'Moderation1765000000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "moderation_word" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" uuid NOT NULL, "locale" character varying(8) NOT NULL, "word" character varying(500) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_moderation_word" UNIQUE ("client_id", "locale", "word"), CONSTRAINT "PK_41fa9bec2d78236a52f26459b47" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "moderation_blocked_hash" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" uuid NOT NULL, "hash" character varying(16) NOT NULL, "label" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_224fdd8a27e2fbb4bb49a9d3081" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_moderation_blocked_hash_client" ON "moderation_blocked_hash" ("client_id", "id")`,
    );
    await q.query(
      `ALTER TABLE "moderation_word" ADD CONSTRAINT "FK_bc90d79bcbcceb32b5079d3c1ff" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "moderation_blocked_hash" ADD CONSTRAINT "FK_c2303f2c22fb949480208663018" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "moderation_blocked_hash"`);
    await q.query(`DROP TABLE "moderation_word"`);
  }
}
