import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans (src/plans): limits an operator sets for one client (else its named plan's apply), and
 * the monthly count of requests to the rate-limited routes for monthly caps.
 */
export class Plans1765200000000 implements MigrationInterface {
  name = 'Plans1765200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "client_account" ADD "rate_limit" integer`);
    await q.query(`ALTER TABLE "client_account" ADD "rate_window_seconds" integer`);
    await q.query(`ALTER TABLE "client_account" ADD "monthly_cap" integer`);
    await q.query(
      `CREATE TABLE "monthly_usage" ("client_id" uuid NOT NULL, "month" character(7) NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_monthly_usage" PRIMARY KEY ("client_id", "month"))`,
    );
    await q.query(
      `ALTER TABLE "monthly_usage" ADD CONSTRAINT "FK_6d01095c511fd89397448350638" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "monthly_usage"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "monthly_cap"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "rate_window_seconds"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "rate_limit"`);
  }
}
