import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Library size (src/plans): the uploaded assets, and active saved assets, a client's library may
 * hold when an operator set it for the client; null: its plan's (plan-limits.ts).
 */
export class LibraryLimit1766003000000 implements MigrationInterface {
  name = 'LibraryLimit1766003000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "client_account" ADD "library_limit" integer`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "library_limit"`);
  }
}
