import { Injectable } from '@nestjs/common';
import { Any, MoreThanOrEqual } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { RecipeStatus } from './recipe-status';

export type RecipeSetRow = Pick<RecipeSetEntity, 'id' | 'readableId' | 'clientId' | 'status'>;

/** Intent-named queries over recipe sets. Inside a unit of work they run in its transaction. */
@Injectable()
export class RecipeSetsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  insert(values: {
    clientId: string;
    productHandle: string;
    readableId: string;
  }): Promise<RecipeSetEntity> {
    const repo = this.uow.manager.getRepository(RecipeSetEntity);
    return repo.save(repo.create(values));
  }

  /**
   * The client's recipe sets with one of these readable ids (upper-case) or UUIDs (lower-case).
   * Each list is one array parameter (`= ANY($n)`), so any number of ids fits in one statement.
   */
  findByIds(
    clientId: string,
    readableIds: readonly string[],
    uuids: readonly string[],
  ): Promise<RecipeSetRow[]> {
    const where = [
      ...(readableIds.length ? [{ clientId, readableId: Any([...readableIds]) }] : []),
      ...(uuids.length ? [{ clientId, id: Any([...uuids]) }] : []),
    ];
    if (where.length === 0) return Promise.resolve([]);
    return this.uow.manager.find(RecipeSetEntity, {
      where,
      select: { id: true, readableId: true, clientId: true, status: true },
    });
  }

  /**
   * Sets the status of these recipe sets. Their rows are locked in id order first: concurrent
   * acknowledgements naming overlapping recipe sets then wait for each other instead of
   * deadlocking (an UPDATE alone locks rows in the order it finds them, which changes as rows
   * get new versions).
   */
  async setStatus(ids: readonly string[], status: RecipeStatus, at: Date): Promise<void> {
    await this.uow.manager.query(
      `UPDATE recipe_set SET status = $1, last_modified_at = $2
       WHERE id IN (SELECT id FROM recipe_set WHERE id = ANY($3::uuid[]) ORDER BY id FOR NO KEY UPDATE)`,
      [status, at, [...new Set(ids)]],
    );
  }

  /** The client's recipe sets in `status` modified on or after `since`, oldest change first. */
  async pageByStatus(
    clientId: string,
    status: RecipeStatus,
    since: Date,
    page: { offset: number; limit: number },
  ): Promise<{ rows: Pick<RecipeSetEntity, 'id' | 'readableId'>[]; total: number }> {
    const [rows, total] = await this.uow.manager.findAndCount(RecipeSetEntity, {
      where: { clientId, status, lastModifiedAt: MoreThanOrEqual(since) },
      select: { id: true, readableId: true, lastModifiedAt: true },
      order: { lastModifiedAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return { rows, total };
  }
}
