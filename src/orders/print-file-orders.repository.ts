import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';

/** The latest order naming a recipe set, its lines as stored. */
export interface OrderForPrintRow {
  number: string;
  lines: {
    sku: string | null;
    quantity: number;
    skuQuantities: { sku: string | null; quantity: number }[];
    warnings: string[] | null;
  }[];
}

/**
 * The queries of orders that print files need (PrintFileOrdersService): the order they are for,
 * and the factory delivery of orders once their print files are all made. Inside a unit of work,
 * in its transaction.
 */
@Injectable()
export class PrintFileOrdersRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The latest order with a line naming `recipeSetId`, its lines in order. */
  async latestNaming(recipeSetId: string): Promise<OrderForPrintRow | undefined> {
    const rows = await this.uow.manager.query<OrderForPrintRow[]>(
      `SELECT o.purchase_order_number AS number,
              json_agg(json_build_object('sku', l.sku, 'quantity', l.quantity, 'skuQuantities', l.sku_quantities,
                                         'warnings', l.sku_warnings)
                       ORDER BY l.position) AS lines
         FROM purchase_order o JOIN order_line_item l ON l.order_id = o.id
        WHERE l.recipe_set_id = $1
        GROUP BY o.id ORDER BY o.created_at DESC, o.id LIMIT 1`,
      [recipeSetId],
    );
    return rows[0];
  }

  /** The print-file requests of `recipeSetId` are done. */
  async requestsDone(recipeSetId: string): Promise<void> {
    await this.uow.manager.query(
      `UPDATE print_file_request SET status = 'done' WHERE recipe_set_id = $1 AND status <> 'done'`,
      [recipeSetId],
    );
  }

  /**
   * Orders that requested print files of `recipeSetId` and wait for no other request are
   * delivered to the factory at `at`.
   */
  async deliverCompleteOrders(recipeSetId: string, at: Date): Promise<void> {
    await this.uow.manager.query(
      `UPDATE purchase_order o SET delivered_to_factory_at = $2
        WHERE o.delivered_to_factory_at IS NULL
          AND o.id IN (SELECT order_id FROM print_file_request WHERE recipe_set_id = $1)
          AND NOT EXISTS (SELECT 1 FROM print_file_request r WHERE r.order_id = o.id AND r.status <> 'done')`,
      [recipeSetId, at],
    );
  }
}
