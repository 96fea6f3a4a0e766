import { prepared } from '../common/persistence/prepared';
import { Injectable } from '@nestjs/common';
import { Any, MoreThanOrEqual } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { Design } from './design';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { newReadableId, RecipeSetRef } from './readable-id';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { RecipeStatus } from './recipe-status';

const ID_ATTEMPTS = 5;

export interface NewRecipeSet {
  clientId: string;
  productHandle: string;
  productId?: string;
  options?: Record<string, string>;
  design?: Design;
}

export type RecipeSetRow = Pick<
  RecipeSetEntity,
  'id' | 'readableId' | 'clientId' | 'status' | 'productId' | 'options'
>;

/** A recipe set's status change, as the UPDATE that made it saw it. */
export interface StatusChange {
  id: string;
  version: number;
  readableId: string;
  clientId: string;
  previousStatus: RecipeStatus;
}

/** Intent-named queries over recipe sets. Inside a unit of work they run in its transaction. */
@Injectable()
export class RecipeSetsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** Inserts a recipe set under a fresh readable id (another one if it collides). */
  async insertWithFreshId(values: NewRecipeSet): Promise<RecipeSetEntity> {
    const repo = this.uow.manager.getRepository(RecipeSetEntity);
    for (let attempt = 1; ; attempt++) {
      try {
        return await repo.save(repo.create({ ...values, readableId: newReadableId() }));
      } catch (err) {
        // A collision among 1.1e12 ids is rare; try another.
        if (!isUniqueViolation(err) || attempt >= ID_ATTEMPTS) throw err;
      }
    }
  }

  /** Inserts a recipe set under the readable id given (a collision is the caller's error). */
  insertWithId(values: NewRecipeSet, readableId: string): Promise<RecipeSetEntity> {
    const repo = this.uow.manager.getRepository(RecipeSetEntity);
    return repo.save(repo.create({ ...values, readableId }));
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
      select: {
        id: true,
        readableId: true,
        clientId: true,
        status: true,
        productId: true,
        options: true,
      },
    });
  }

  /**
   * The recipe set a readable id or UUID names; with `clientId`, only if it is that client's (one
   * statement either way, so that another client's id costs what an unknown one does and answers
   * the same); with `withClient`, its client account too.
   */
  findOne(
    ref: RecipeSetRef,
    options: { withClient?: boolean; clientId?: string } = {},
  ): Promise<RecipeSetEntity | null> {
    const byRef = ref.kind === 'readable' ? { readableId: ref.value } : { id: ref.value };
    return this.uow.manager.findOne(RecipeSetEntity, {
      where: options.clientId === undefined ? byRef : { ...byRef, clientId: options.clientId },
      relations: options.withClient ? { client: true } : undefined,
    });
  }

  /**
   * Replaces the design and increments the version, only while the recipe set is Created (and at
   * `expectedVersion` when given). One statement: an acknowledgement that locked the row first
   * is waited for, and its new status then fails the condition. Undefined when nothing changed.
   */
  async replaceDesign(
    id: string,
    design: Design,
    at: Date,
    expectedVersion?: number,
  ): Promise<RecipeSetEntity | undefined> {
    const result = await this.uow.manager
      .createQueryBuilder()
      .update(RecipeSetEntity)
      .set({ design, version: () => 'version + 1', lastModifiedAt: at })
      .where({
        id,
        status: RecipeStatus.Created,
        ...(expectedVersion === undefined ? {} : { version: expectedVersion }),
      })
      .execute();
    if (!result.affected) return undefined;
    return (await this.uow.manager.findOne(RecipeSetEntity, { where: { id } })) ?? undefined;
  }

  /**
   * Sets the status of these recipe sets. Their rows are locked in id order first: concurrent
   * acknowledgements naming overlapping recipe sets then wait for each other instead of
   * deadlocking (an UPDATE alone locks rows in the order it finds them, which changes as rows
   * get new versions).
   */
  async setStatus(ids: readonly string[], status: RecipeStatus, at: Date): Promise<StatusChange[]> {
    // UPDATE … RETURNING answers [rows, count] through TypeORM.
    const [rows] = await this.uow.manager.query<[StatusChange[], number]>(
      prepared(`UPDATE recipe_set r SET status = $1, last_modified_at = $2
         FROM (SELECT id, status FROM recipe_set WHERE id = ANY($3::uuid[])
                ORDER BY id FOR NO KEY UPDATE) AS before
        WHERE r.id = before.id
        RETURNING r.id, r.version, r.readable_id AS "readableId", r.client_id AS "clientId",
                  before.status AS "previousStatus"`),
      [status, at, [...new Set(ids)]],
    );
    return rows;
  }

  /** Moves a recipe set to `to` only from one of `from`: the change, if it moved. */
  async advanceStatus(
    id: string,
    from: readonly RecipeStatus[],
    to: RecipeStatus,
    at: Date,
  ): Promise<StatusChange | undefined> {
    const [rows] = await this.uow.manager.query<[StatusChange[], number]>(
      prepared(`UPDATE recipe_set r SET status = $1, last_modified_at = $2
         FROM (SELECT id, status FROM recipe_set WHERE id = $3 AND status = ANY($4)
                FOR NO KEY UPDATE) AS before
        WHERE r.id = before.id
        RETURNING r.id, r.version, r.readable_id AS "readableId", r.client_id AS "clientId",
                  before.status AS "previousStatus"`),
      [to, at, id, [...from]],
    );
    return rows[0];
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

  /** Readable ids of the client's first `limit` recipe sets, oldest first. */
  async oldestReadableIds(clientId: string, limit: number): Promise<string[]> {
    const rows = await this.uow.manager.find(RecipeSetEntity, {
      where: { clientId },
      select: { id: true, readableId: true, createdAt: true },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return rows.map((r) => r.readableId);
  }
}
