import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client settings the HTML pages use (src/clients): the currency of the catalog's prices (EUR for
 * the clients there are), the sign-in address the invitation's success page links to, and the
 * storefront the share page's call to action links to (none until an operator sets them).
 */
export class ClientPageSettings1766003600000 implements MigrationInterface {
  name = 'ClientPageSettings1766003600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "client_account" ADD "currency" character varying(3) NOT NULL DEFAULT 'EUR'`,
    );
    await q.query(`ALTER TABLE "client_account" ADD "sign_in_url" character varying(2000)`);
    await q.query(`ALTER TABLE "client_account" ADD "storefront_url" character varying(2000)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "storefront_url"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "sign_in_url"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "currency"`);
  }
}
