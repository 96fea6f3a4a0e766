import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An index of the key id (`split_part(value, '.', 2)` of `v1.<keyId>.…`) of every encrypted column,
 * so that the start-up check finds the distinct key ids in use by skipping through the index
 * (a few index probes) instead of reading every row. Tiny: the entries repeat one or a few ids.
 */
export class EncryptedKeyIds1764200000000 implements MigrationInterface {
  name = 'EncryptedKeyIds1764200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_purchase_order_personal_data_key" ON "purchase_order" ((split_part("personal_data", '.', 2)))`,
    );
    await q.query(
      `CREATE INDEX "IDX_order_line_item_gift_message_key" ON "order_line_item" ((split_part("gift_message", '.', 2))) WHERE "gift_message" IS NOT NULL`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_order_line_item_gift_message_key"`);
    await q.query(`DROP INDEX "IDX_purchase_order_personal_data_key"`);
  }
}
