import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';

/** What print files say of the order they are for. */
export interface OrderForPrint {
  number: string;
  /** SKUs and quantities of the order's lines naming the recipe set. */
  lines: { sku: string | null; quantity: number }[];
  /** What the `warn` SKU policy accepted its lines naming the recipe set with (docs/design.md §6). */
  warnings: string[];
}

/**
 * What the web-to-print module needs of orders: the order print files are made for (the latest
 * naming the recipe set), and marking orders delivered to the factory once every one of their
 * recipe sets has its files.
 */
@Injectable()
export class PrintFileOrdersService {
  constructor(private readonly uow: UnitOfWork) {}

  async latestFor(recipeSetId: string): Promise<OrderForPrint | undefined> {
    const rows = await this.uow.manager.query<
      {
        number: string;
        lines: {
          sku: string | null;
          quantity: number;
          skuQuantities: { sku: string | null; quantity: number }[];
          warnings: string[] | null;
        }[];
      }[]
    >(
      `SELECT o.purchase_order_number AS number,
              json_agg(json_build_object('sku', l.sku, 'quantity', l.quantity, 'skuQuantities', l.sku_quantities,
                                         'warnings', l.sku_warnings)
                       ORDER BY l.position) AS lines
         FROM purchase_order o JOIN order_line_item l ON l.order_id = o.id
        WHERE l.recipe_set_id = $1
        GROUP BY o.id ORDER BY o.created_at DESC, o.id LIMIT 1`,
      [recipeSetId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      number: row.number,
      // A line's SKU quantities when it has them (sizes of one design), else its SKU and quantity.
      lines: row.lines.flatMap((l) =>
        l.skuQuantities.length > 0 ? l.skuQuantities : [{ sku: l.sku, quantity: l.quantity }],
      ),
      warnings: [...new Set(row.lines.flatMap((l) => l.warnings ?? []))],
    };
  }

  /**
   * The print files of `recipeSetId` are stored: its requests are done, and orders with nothing
   * else to wait for are delivered to the factory at `at` (inside the caller's unit of work).
   * A sandbox client's orders never reach a factory (`sandbox`).
   */
  async printFilesReady(recipeSetId: string, at: Date, sandbox: boolean): Promise<void> {
    await this.uow.manager.query(
      `UPDATE print_file_request SET status = 'done' WHERE recipe_set_id = $1 AND status <> 'done'`,
      [recipeSetId],
    );
    if (sandbox) return;
    await this.uow.manager.query(
      `UPDATE purchase_order o SET delivered_to_factory_at = $2
        WHERE o.delivered_to_factory_at IS NULL
          AND o.id IN (SELECT order_id FROM print_file_request WHERE recipe_set_id = $1)
          AND NOT EXISTS (SELECT 1 FROM print_file_request r WHERE r.order_id = o.id AND r.status <> 'done')`,
      [recipeSetId, at],
    );
  }
}
