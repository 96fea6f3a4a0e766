import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { ProductEntity } from './entities/product.entity';
import { ProductDefinition, ProductOption, ProductSku } from './product-definition';

export type ProductSummaryRow = Pick<
  ProductEntity,
  'id' | 'handle' | 'name' | 'version' | 'createdAt' | 'lastModifiedAt'
>;

/** What an order's SKUs are checked against: a product's options and SKUs (docs/design.md §6). */
export interface OrderableProduct {
  id: string;
  handle: string;
  options: ProductOption[];
  skus: ProductSku[];
  /** The options a fill layer of its views colours with: what a design shows (a colour). */
  shownOptions: string[];
}

/** Intent-named queries over products. Inside a unit of work they run in its transaction. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly uow: UnitOfWork) {}

  insert(
    clientId: string,
    definition: ProductDefinition,
    at: Date,
    sharingEnabled = true,
  ): Promise<ProductEntity> {
    const repo = this.uow.manager.getRepository(ProductEntity);
    return repo.save(
      repo.create({
        clientId,
        handle: definition.handle,
        name: definition.name,
        definition,
        sharingEnabled,
        createdAt: at,
        lastModifiedAt: at,
      }),
    );
  }

  findByHandle(clientId: string, handle: string): Promise<ProductEntity | null> {
    return this.uow.manager.findOne(ProductEntity, { where: { clientId, handle } });
  }

  count(clientId: string): Promise<number> {
    return this.uow.manager.count(ProductEntity, { where: { clientId } });
  }

  list(clientId: string): Promise<ProductSummaryRow[]> {
    return this.uow.manager.find(ProductEntity, {
      where: { clientId },
      select: {
        id: true,
        handle: true,
        name: true,
        version: true,
        createdAt: true,
        lastModifiedAt: true,
      },
      order: { handle: 'ASC' },
    });
  }

  /** Replaces the definition and increments the version; null when the product is gone. */
  async replace(
    clientId: string,
    definition: ProductDefinition,
    at: Date,
    sharingEnabled = true,
  ): Promise<ProductEntity | null> {
    const result = await this.uow.manager
      .createQueryBuilder()
      .update(ProductEntity)
      .set({
        definition,
        name: definition.name,
        sharingEnabled,
        version: () => 'version + 1',
        lastModifiedAt: at,
      })
      .where({ clientId, handle: definition.handle })
      .execute();
    return result.affected ? this.findByHandle(clientId, definition.handle) : null;
  }

  /** Deletes the product; false when there was none. */
  async delete(clientId: string, handle: string): Promise<boolean> {
    const result = await this.uow.manager.delete(ProductEntity, { clientId, handle });
    return (result.affected ?? 0) > 0;
  }

  /**
   * The options and SKUs of these products, and the options their fill layers colour with (not
   * the views, locations or images: one statement, whatever the size of the definitions).
   */
  async orderableProducts(ids: readonly string[]): Promise<OrderableProduct[]> {
    if (ids.length === 0) return [];
    const rows = await this.uow.manager.query<
      { id: string; handle: string; options: unknown; skus: unknown; shownOptions: unknown }[]
    >(
      `SELECT id, handle,
              definition->'options' AS options,
              definition->'skus' AS skus,
              jsonb_path_query_array(definition, '$.viewAngles[*].layers[*] ? (@.type == "fill").option') AS "shownOptions"
         FROM product WHERE id = ANY($1)`,
      [[...ids]],
    );
    const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
    return rows.map((r) => ({
      id: r.id,
      handle: r.handle,
      options: list<ProductOption>(r.options),
      skus: list<ProductSku>(r.skus),
      shownOptions: [...new Set(list<string>(r.shownOptions))],
    }));
  }
}
