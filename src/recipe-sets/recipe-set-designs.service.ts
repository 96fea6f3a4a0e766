import { Injectable } from '@nestjs/common';
import { AssetsService } from '../assets';
import { CatalogProduct, CatalogService, ProductNotFound } from '../catalog';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { ChangeNotices } from '../common/caching/change-notices';
import { cacheLookups, TtlCache } from '../common/caching/ttl-cache';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { invalidField, invalidWithProblems } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { FontsService } from '../fonts';
import { Design } from './design';
import { checkDesign } from './design-rules';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { isChoosableReadableId, parseRecipeSetRef } from './readable-id';
import { CreateRecipeSetDto, RecipeSetDto, ReplaceDesignDto } from './recipe-sets.dto';
import {
  DesignImageNotFound,
  DesignLocked,
  ReadableIdChoiceSandboxOnly,
  ReadableIdTaken,
  DesignVersionConflict,
  RecipeSetNotFound,
  UnknownProduct,
} from './recipe-sets.errors';
import { RecipeSetsRepository } from './recipe-sets.repository';
import { resolveOptions } from './recipe-set-options';
import { recipeSetDto } from './recipe-set-dto';
import { RecipeStatus } from './recipe-status';

/** A recipe set with everything its renders and print files derive from. */
export interface DesignedRecipeSet {
  id: string;
  readableId: string;
  clientId: string;
  clientHandle: string;
  /** Whether its client is a sandbox client (src/sandbox). */
  sandbox: boolean;
  version: number;
  status: RecipeStatus;
  options: Record<string, string>;
  design: Design;
  product: CatalogProduct;
}

/**
 * How long a recipe set read for renders is reused without asking the database: a render that is
 * already stored is then a redirect without a query. A design or product change drops the copies
 * at once here and, through Redis, on the other instances; this bounds what a lost notice costs.
 */
export const RENDER_READ_TTL_MS = 1000;

/**
 * The renders' copy of a recipe set is per caller's scope: another client's recipe set read for
 * its owner is no hit for anyone else, who pays for the same query as for an unknown id.
 */
function renderKey(actor: Actor, ref: string): string {
  return `${ClientAccess.scope(actor) ?? '*'}\n${ref.trim()}`;
}

/** The storefront's write path: recipe sets designed on a catalog product. */
@Injectable()
export class RecipeSetDesignsService {
  /** Recipe sets as renders read them, by the reference they were asked for with. */
  private readonly forRenders: TtlCache<DesignedRecipeSet>;

  constructor(
    private readonly repo: RecipeSetsRepository,
    private readonly catalog: CatalogService,
    private readonly assets: AssetsService,
    private readonly fonts: FontsService,
    private readonly clock: Clock,
    private readonly changes: ChangeNotices,
    private readonly config: AppConfig,
    metrics: MetricsRegistry,
  ) {
    this.forRenders = new TtlCache<DesignedRecipeSet>({
      maxEntries: 10_000,
      ttlMs: RENDER_READ_TTL_MS,
      lookups: cacheLookups(metrics, 'recipe_sets_for_renders'),
    });
    changes.listen((kind, id) =>
      this.forRenders.drop((r) => (kind === 'recipe-set' ? r.id === id : r.product.id === id)),
    );
  }

  /**
   * Creates a recipe set of the client on one of its products, under a fresh readable id, or under
   * `readableId` (the demo's fixed ids, which its documentation names).
   */
  async create(
    clientId: string,
    input: CreateRecipeSetDto,
    readableId?: string,
  ): Promise<RecipeSetDto> {
    const product = await this.catalog.find(clientId, input.productHandle);
    if (!product) throw new UnknownProduct(input.productHandle);
    const options = resolveOptions(product.definition, input.options);
    if (!options.ok) throw invalidWithProblems('options', options.problems);
    const design = await this.checked(clientId, input.design, product);
    const values = {
      clientId,
      productHandle: product.definition.handle,
      productId: product.id,
      options: options.options,
      design,
    };
    const created = readableId
      ? await this.repo.insertWithId(values, readableId)
      : await this.repo.insertWithFreshId(values);
    return recipeSetDto(created, product);
  }

  /**
   * A recipe set created through the API: with the readable id the caller chose, for a sandbox
   * client only (403 else; 400 for an id the service could draw; 409 when taken), else a fresh one.
   */
  async createFor(actor: Actor, input: CreateRecipeSetDto): Promise<RecipeSetDto> {
    const { readableId, ...rest } = input;
    if (readableId === undefined) return this.create(actor.clientId, rest);
    if (!actor.sandbox) throw new ReadableIdChoiceSandboxOnly(readableId);
    // Checked before any lookup: an id the service could draw is refused whether or not it is taken.
    if (!isChoosableReadableId(readableId))
      throw invalidField(
        'readableId',
        `${readableId} must hold at least one of I, O, 0 or 1 (the service never draws those: a chosen id is never one of its own), e.g. FAIL and 4 random characters`,
      );
    try {
      return await this.create(actor.clientId, rest, readableId);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ReadableIdTaken(readableId);
      throw err;
    }
  }

  async get(actor: Actor, ref: string): Promise<RecipeSetDto> {
    const recipeSet = await this.owned(actor, ref);
    return recipeSetDto(recipeSet, await this.productOf(recipeSet));
  }

  /**
   * What print files and specifications of a recipe set derive from, read now: its status, design
   * version, options and design, and its product. A recipe set without a product (made blank) has
   * nothing to draw: 404 naming its product.
   */
  async forPrint(actor: Actor, ref: string): Promise<DesignedRecipeSet> {
    return this.designed(await this.owned(actor, ref, { withClient: true }));
  }

  /**
   * As forPrint, for renders, which depend on the design and the product but not on the status:
   * reused for RENDER_READ_TTL_MS, so that a render already stored is a redirect without a query.
   */
  async forRender(actor: Actor, ref: string): Promise<DesignedRecipeSet> {
    const key = renderKey(actor, ref);
    let found = this.forRenders.get(key);
    if (!found) {
      const generation = this.forRenders.generation;
      const recipeSet = await this.find(ref, {
        withClient: true,
        clientId: ClientAccess.scope(actor),
      });
      found = recipeSet ? await this.designed(recipeSet) : undefined;
      if (found) this.forRenders.set(key, found, generation);
    }
    // The object-level check on every request, cached or not.
    return ClientAccess.owned(actor, found, () => new RecipeSetNotFound(ref.trim()));
  }

  /**
   * As forPrint, for a recipe set whose status, design version and product version were just
   * read (`now`): the design and product from the renders' copy when it is of those versions (no
   * query), else read as forPrint does (and kept for renders). The status is `now`'s.
   */
  async forPrintAt(
    actor: Actor,
    ref: string,
    now: { status: RecipeStatus; version: number; productVersion: number },
  ): Promise<DesignedRecipeSet> {
    const key = renderKey(actor, ref);
    const copy = this.forRenders.get(key);
    if (copy?.version === now.version && copy.product.version === now.productVersion)
      return {
        ...ClientAccess.owned(actor, copy, () => new RecipeSetNotFound(ref.trim())),
        status: now.status,
      };
    const generation = this.forRenders.generation;
    const read = await this.forPrint(actor, ref);
    this.forRenders.set(key, read, generation);
    return read;
  }

  /**
   * As forPrint, for work the service does itself (print-file jobs): by UUID, whoever's it is;
   * undefined when it no longer exists.
   */
  async forJob(id: string): Promise<DesignedRecipeSet | undefined> {
    const recipeSet = await this.repo.findOne({ kind: 'uuid', value: id }, { withClient: true });
    return recipeSet ? this.designed(recipeSet) : undefined;
  }

  /** Readable ids of the client's first `limit` recipe sets, oldest first (the demo's banner). */
  oldestReadableIds(clientId: string, limit: number): Promise<string[]> {
    return this.repo.oldestReadableIds(clientId, limit);
  }

  private async designed(recipeSet: RecipeSetEntity): Promise<DesignedRecipeSet> {
    const product = await this.requiredProductOf(recipeSet);
    return {
      id: recipeSet.id,
      readableId: recipeSet.readableId,
      clientId: recipeSet.clientId,
      clientHandle: recipeSet.client!.handle,
      sandbox: recipeSet.client!.sandbox,
      version: recipeSet.version,
      status: recipeSet.status,
      options: recipeSet.options,
      design: recipeSet.design,
      product,
    };
  }

  async replaceDesign(actor: Actor, ref: string, input: ReplaceDesignDto): Promise<RecipeSetDto> {
    const recipeSet = await this.owned(actor, ref);
    const shown = recipeSet.readableId;
    const product = await this.requiredProductOf(recipeSet);
    // An invalid design is 400 whatever the state; a valid one is refused once ordered.
    const design = await this.checked(recipeSet.clientId, input.design, product);
    if (recipeSet.status !== RecipeStatus.Created) throw new DesignLocked(shown, recipeSet.status);
    const updated = await this.repo.replaceDesign(
      recipeSet.id,
      design,
      this.clock.now(),
      input.version,
    );
    if (updated) {
      this.changes.changed('recipe-set', recipeSet.id);
      return recipeSetDto(updated, product);
    }
    // The condition failed: say why, from the row as it is now.
    const now = await this.repo.findOne({ kind: 'uuid', value: recipeSet.id });
    if (!now) throw new RecipeSetNotFound(ref);
    if (now.status !== RecipeStatus.Created) throw new DesignLocked(shown, now.status);
    throw new DesignVersionConflict(shown, now.version, input.version ?? now.version);
  }

  /** The normalised design, after checking it against the product, the fonts and the client's uploads. */
  private async checked(clientId: string, raw: unknown, product: CatalogProduct): Promise<Design> {
    const result = checkDesign(raw, {
      product: product.definition,
      fontExists: (handle) => this.fonts.has(handle),
      // Refused now rather than as a print job that could not be made later.
      print: this.config.print,
    });
    if (!result.ok) throw invalidWithProblems('design', result.problems);
    const owned = await this.assets.findOwned(clientId, result.imageIds);
    const missing = result.imageIds.find((id) => !owned.has(id));
    if (missing !== undefined) throw new DesignImageNotFound(missing);
    return result.design;
  }

  /** The product the recipe set is designed on; undefined for one made blank. */
  private productOf(recipeSet: RecipeSetEntity): Promise<CatalogProduct | undefined> {
    return recipeSet.productId
      ? this.catalog.find(recipeSet.clientId, recipeSet.productHandle)
      : Promise.resolve(undefined);
  }

  /** As productOf; a recipe set without a product has nothing to draw or change: 404 naming it. */
  private async requiredProductOf(recipeSet: RecipeSetEntity): Promise<CatalogProduct> {
    const product = await this.productOf(recipeSet);
    if (!product) throw new ProductNotFound(recipeSet.productHandle);
    return product;
  }

  private async owned(
    actor: Actor,
    ref: string,
    options: { withClient?: boolean } = {},
  ): Promise<RecipeSetEntity> {
    const found = await this.find(ref, { ...options, clientId: ClientAccess.scope(actor) });
    return ClientAccess.owned(actor, found, () => new RecipeSetNotFound(ref.trim()));
  }

  /**
   * The recipe set a reference (readable id or UUID) names, of the client `clientId` when given
   * (looked up in one statement: another client's id does exactly what an unknown one does).
   */
  private async find(
    ref: string,
    options: { withClient?: boolean; clientId?: string },
  ): Promise<RecipeSetEntity | null> {
    const parsed = parseRecipeSetRef(ref);
    return parsed ? this.repo.findOne(parsed, options) : null;
  }
}
