import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Print files per design version of a recipe set: what was requested, what is stored where, and
 * what failed. The jobs that make them live in pg-boss's own schema (created by pg-boss).
 */
export class PrintFileSets1764500000000 implements MigrationInterface {
  name = 'PrintFileSets1764500000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "print_file_set" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "recipe_set_id" uuid NOT NULL, "design_version" integer NOT NULL, "status" character varying(16) NOT NULL, "priority" smallint NOT NULL, "zip_key" character varying(200), "locations" jsonb, "attempts" integer NOT NULL DEFAULT '0', "error" character varying(500), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_print_file_set_recipe_set_version" UNIQUE ("recipe_set_id", "design_version"), CONSTRAINT "PK_66000c8a3e6e8f473885f130857" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_print_file_set_status" ON "print_file_set" ("status", "requested_at")`,
    );
    await q.query(
      `ALTER TABLE "print_file_set" ADD CONSTRAINT "FK_d7625023ce7f153b686184bf4c5" FOREIGN KEY ("recipe_set_id") REFERENCES "recipe_set"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "print_file_set" DROP CONSTRAINT "FK_d7625023ce7f153b686184bf4c5"`);
    await q.query(`DROP INDEX "public"."IDX_print_file_set_status"`);
    await q.query(`DROP TABLE "print_file_set"`);
  }
}
