import { Injectable } from '@nestjs/common';
import { PrintFileOrdersRepository } from './print-file-orders.repository';

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
  constructor(private readonly repo: PrintFileOrdersRepository) {}

  async latestFor(recipeSetId: string): Promise<OrderForPrint | undefined> {
    const row = await this.repo.latestNaming(recipeSetId);
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
    await this.repo.requestsDone(recipeSetId);
    if (!sandbox) await this.repo.deliverCompleteOrders(recipeSetId, at);
  }
}
