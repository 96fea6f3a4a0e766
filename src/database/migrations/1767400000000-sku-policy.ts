import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SKUs checked on acknowledgement (src/orders/sku-check.ts): each client's policy (`strict` for
 * the clients there are: a product without SKUs is not checked, so clients whose SKUs live in
 * their own ERP keep what they had), and the warnings the `warn` policy accepted a line item with,
 * which its print files' manifest and the specification PDF repeat.
 */
export class SkuPolicy1767400000000 implements MigrationInterface {
  name = 'SkuPolicy1767400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "client_account" ADD "sku_policy" character varying(10) NOT NULL DEFAULT 'strict'`,
    );
    await q.query(`ALTER TABLE "order_line_item" ADD "sku_warnings" jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order_line_item" DROP COLUMN "sku_warnings"`);
    await q.query(`ALTER TABLE "client_account" DROP COLUMN "sku_policy"`);
  }
}
