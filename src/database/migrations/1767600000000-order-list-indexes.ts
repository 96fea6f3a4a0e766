import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The indexes of the console's orders list (GET /api/orders and its status counts; which serves
 * which sort and filter is in src/orders/order-list.repository.ts), each led by client_id:
 * - the default sort, newest order first: (client_id, order_date DESC, id DESC), with the
 *   workflow statuses included so that the `status` filter and the counts of a range of order
 *   dates are read from the index alone;
 * - the sorts by purchase order number and its prefix filter: (client_id, purchase_order_number
 *   COLLATE "C", id), code point order on every server (the unique constraint's index follows the
 *   database's collation, in which a prefix is no range);
 * - the sorts by last modification: the search index (client_id, last_modified_at) INCLUDE
 *   (workflow_statuses) gains id as a key column, so that a keyset (last_modified_at, id) is one
 *   range of it (search sorts by the same pair), rather than a second index on the same column;
 * - the `shipped` filter: the shipped line items' order_id (a tracking number recorded), a partial
 *   index of order_line_item, small while few line items have shipped.
 * Plain CREATE INDEX, as every migration here runs in a transaction: it holds off writes to
 * purchase_order while the indexes are built.
 */
export class OrderListIndexes1767600000000 implements MigrationInterface {
  name = 'OrderListIndexes1767600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_purchase_order_order_date" ON "purchase_order" ("client_id", "order_date" DESC, "id" DESC) INCLUDE ("workflow_statuses")`,
    );
    await q.query(
      `CREATE INDEX "IDX_purchase_order_number_c" ON "purchase_order" ("client_id", "purchase_order_number" COLLATE "C", "id")`,
    );
    await q.query(`DROP INDEX "IDX_purchase_order_search"`);
    await q.query(
      `CREATE INDEX "IDX_purchase_order_search" ON "purchase_order" ("client_id", "last_modified_at", "id") INCLUDE ("workflow_statuses")`,
    );
    await q.query(
      `CREATE INDEX "IDX_order_line_item_shipped" ON "order_line_item" ("order_id") WHERE shipment_tracking <> '[]'::jsonb`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_order_line_item_shipped"`);
    await q.query(`DROP INDEX "IDX_purchase_order_search"`);
    await q.query(
      `CREATE INDEX "IDX_purchase_order_search" ON "purchase_order" ("client_id", "last_modified_at") INCLUDE ("workflow_statuses")`,
    );
    await q.query(`DROP INDEX "IDX_purchase_order_number_c"`);
    await q.query(`DROP INDEX "IDX_purchase_order_order_date"`);
  }
}
