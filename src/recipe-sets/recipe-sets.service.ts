import { Injectable } from '@nestjs/common';
import { CatalogService, type OrderableProduct } from '../catalog';
import { ValidationFailed } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { parseRecipeSetRef } from './readable-id';
import { TooManyRecipeSets } from './recipe-sets.errors';
import { RecipeSetsRepository, StatusChange } from './recipe-sets.repository';
import { EventRecorder } from '../common/events/event-recorder';
import { RecipeStatus } from './recipe-status';

export interface RecipeSetSummary {
  readableId: string;
  uuid: string;
  productHandle: string;
  status: RecipeStatus;
}

export interface RecipeSetRecord {
  id: string;
  readableId: string;
  clientId: string;
  status: RecipeStatus;
  /** Its catalog product; null for one made without a design. */
  productId: string | null;
  /** The option values its design was made with. */
  options: Record<string, string>;
}

/** Recipe sets one create call may make. */
export const MAX_RECIPE_SETS_PER_CREATE = 1000;

/** What is wrong with `count` as the number of recipe sets to create; undefined when nothing. */
export function createCountProblem(count: number): string | undefined {
  return Number.isInteger(count) && count >= 1 && count <= MAX_RECIPE_SETS_PER_CREATE
    ? undefined
    : `count must be an integer from 1 to ${MAX_RECIPE_SETS_PER_CREATE}`;
}

function summary(r: RecipeSetEntity): RecipeSetSummary {
  return { readableId: r.readableId, uuid: r.id, productHandle: r.productHandle, status: r.status };
}

/** Recipe sets: creation, lookup by readable id or UUID within a client, and status changes. */
@Injectable()
export class RecipeSetsService {
  constructor(
    private readonly repo: RecipeSetsRepository,
    private readonly config: AppConfig,
    private readonly events: EventRecorder,
    private readonly catalog: CatalogService,
  ) {}

  /** Creates `count` recipe sets for a client, each with a fresh readable id. */
  async create(
    clientId: string,
    { productHandle, count }: { productHandle: string; count: number },
  ): Promise<RecipeSetSummary[]> {
    const problem = createCountProblem(count);
    if (problem) throw new ValidationFailed(`${problem}.`);
    const created: RecipeSetSummary[] = [];
    for (let i = 0; i < count; i++)
      created.push(summary(await this.repo.insertWithFreshId({ clientId, productHandle })));
    return created;
  }

  /**
   * The products of these recipe sets as orders are checked against them (their options and
   * SKUs), by product id; recipe sets without a product are not in it.
   */
  async orderableProducts(
    recipeSets: Iterable<RecipeSetRecord>,
  ): Promise<Map<string, OrderableProduct>> {
    const ids = new Set<string>();
    for (const r of recipeSets) if (r.productId) ids.add(r.productId);
    const found = await this.catalog.orderableProducts([...ids]);
    return new Map(found.map((p) => [p.id, p]));
  }

  /**
   * Resolves the recipe sets `refs` name (readable ids or UUIDs, any case) among the client's.
   * Returns a map from each resolvable ref (as given, trimmed) to its recipe set; refs that are
   * malformed or belong to nobody (or to another client) are absent. More distinct ids than
   * MAX_RECIPE_SETS_PER_REQUEST is TooManyRecipeSets, before any query.
   */
  async resolve(clientId: string, refs: readonly string[]): Promise<Map<string, RecipeSetRecord>> {
    const parsed = refs.map((raw) => ({ raw: raw.trim(), ref: parseRecipeSetRef(raw) }));
    const readable = new Set(
      parsed.flatMap((p) => (p.ref?.kind === 'readable' ? [p.ref.value] : [])),
    );
    const uuids = new Set(parsed.flatMap((p) => (p.ref?.kind === 'uuid' ? [p.ref.value] : [])));
    const distinct = readable.size + uuids.size;
    if (distinct > this.config.maxRecipeSetsPerRequest)
      throw new TooManyRecipeSets(distinct, this.config.maxRecipeSetsPerRequest);
    const result = new Map<string, RecipeSetRecord>();
    if (distinct === 0) return result;
    const found = await this.repo.findByIds(clientId, [...readable], [...uuids]);
    const byReadable = new Map(found.map((r) => [r.readableId, r]));
    const byId = new Map(found.map((r) => [r.id, r]));
    for (const { raw, ref } of parsed) {
      const hit =
        ref?.kind === 'readable'
          ? byReadable.get(ref.value)
          : ref
            ? byId.get(ref.value)
            : undefined;
      if (hit) result.set(raw, hit);
    }
    return result;
  }

  /**
   * Moves recipe sets to `status` at `at` (inside the caller's unit of work, when there is one),
   * locking them; answers each one's design version as it is under the lock.
   */
  async setStatus(
    ids: readonly string[],
    status: RecipeStatus,
    at: Date,
  ): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.repo.setStatus([...new Set(ids)], status, at);
    await this.recordChanges(rows, status);
    return new Map(rows.map((r) => [r.id, r.version]));
  }

  /**
   * Moves a recipe set to `to` if it is in one of `from` (work that follows the order must not
   * undo a hold or a cancellation); whether it moved.
   */
  async advanceStatus(
    id: string,
    from: readonly RecipeStatus[],
    to: RecipeStatus,
    at: Date,
  ): Promise<boolean> {
    const change = await this.repo.advanceStatus(id, from, to, at);
    if (change) await this.recordChanges([change], to);
    return change !== undefined;
  }

  /** `recipe_set.status_changed` for each recipe set whose status changed (in the caller's unit of work). */
  private async recordChanges(
    changes: readonly StatusChange[],
    status: RecipeStatus,
  ): Promise<void> {
    await this.events.record(
      changes
        .filter((c) => c.previousStatus !== status)
        .map((c) => ({
          clientId: c.clientId,
          type: 'recipe_set.status_changed' as const,
          orderingKey: `rs:${c.readableId}`,
          data: { recipeSetReadableId: c.readableId, status, previousStatus: c.previousStatus },
        })),
    );
  }

  /** Ids of the client's recipe sets in `status` modified on or after `since`, oldest change first. */
  async listIds(
    clientId: string,
    {
      status,
      since,
      idType,
      offset,
      limit,
    }: {
      status: RecipeStatus;
      since: Date;
      idType: 'Guid' | 'Readable';
      offset: number;
      limit: number;
    },
  ): Promise<{ ids: string[]; total: number }> {
    const { rows, total } = await this.repo.pageByStatus(clientId, status, since, {
      offset,
      limit,
    });
    return { ids: rows.map((r) => (idType === 'Readable' ? r.readableId : r.id)), total };
  }
}
