import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an e-mail address is unique (docs/design.md §3): once per client, and among live clients
 * once for users who have accepted (check-credentials names no client). An invitation no longer
 * reserves an address for the whole service, and a sandbox client's users never hold one for live
 * clients. Every existing row keeps meeting both rules (addresses were unique service-wide).
 */
export class UserAddressWorlds1767100000000 implements MigrationInterface {
  name = 'UserAddressWorlds1767100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "app_user" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await q.query(
      `UPDATE "app_user" u SET "sandbox" = true FROM "client_account" c WHERE c."id" = u."client_id" AND c."sandbox"`,
    );
    await q.query(`ALTER TABLE "app_user" DROP CONSTRAINT "UQ_app_user_email"`);
    await q.query(
      `ALTER TABLE "app_user" ADD CONSTRAINT "UQ_app_user_client_email" UNIQUE ("client_id", "email")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_app_user_live_email" ON "app_user" ("email") WHERE accepted_at IS NOT NULL AND NOT sandbox`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_app_user_live_email"`);
    await q.query(`ALTER TABLE "app_user" DROP CONSTRAINT "UQ_app_user_client_email"`);
    await q.query(`ALTER TABLE "app_user" ADD CONSTRAINT "UQ_app_user_email" UNIQUE ("email")`);
    await q.query(`ALTER TABLE "app_user" DROP COLUMN "sandbox"`);
  }
}
