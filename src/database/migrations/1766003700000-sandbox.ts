import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sandbox clients (src/sandbox): the flag on the client account, and the print-file failure a
 * sandbox client asked for (POST /api/sandbox/recipesets/{id}/print-files/fail), taken by the next
 * print-file run of the recipe set.
 */
export class Sandbox1766003700000 implements MigrationInterface {
  name = 'Sandbox1766003700000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "client_account" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE TABLE "print_failure_request" ("recipe_set_id" uuid NOT NULL, "reason" character varying(500) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_print_failure_request" PRIMARY KEY ("recipe_set_id"))`,
    );
    await q.query(
      `ALTER TABLE "print_failure_request" ADD CONSTRAINT "FK_print_failure_request_recipe_set" FOREIGN KEY ("recipe_set_id") REFERENCES "recipe_set"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "print_failure_request"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "sandbox"`);
  }
}
