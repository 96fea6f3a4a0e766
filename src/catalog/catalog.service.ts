import { Injectable } from '@nestjs/common';
import { ChangeNotices } from '../common/caching/change-notices';
import { AssetPurpose, AssetsService, UploadedAssetDto, UploadInput } from '../assets';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { invalidWithProblems } from '../common/errors/domain-error';
import { isForeignKeyViolation, isUniqueViolation } from '../common/persistence/pg-errors';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { ClientsService } from '../clients';
import {
  CatalogFull,
  ProductHandleMismatch,
  ProductHandleTaken,
  ProductInUse,
  ProductNotFound,
} from './catalog.errors';
import { CatalogRepository, OrderableProduct } from './catalog.repository';
import { HANDLE_PATTERN } from './dto/handle';
import { ProductDto, ProductInputDto, ProductSummaryDto } from './dto/product.dto';
import { ProductEntity } from './entities/product.entity';
import { ProductDefinition } from './product-definition';
import { imagesOf, productProblems, toDefinition } from './product-rules';

/** Products one client may have. */
export const MAX_PRODUCTS_PER_CLIENT = 1000;

/** A stored product, as the modules that build on the catalog read it. */
export interface CatalogProduct {
  id: string;
  clientId: string;
  version: number;
  definition: ProductDefinition;
  /** Whether its designs may be shared. */
  sharingEnabled: boolean;
}

function toDto(p: ProductEntity): ProductDto {
  return {
    ...p.definition,
    sharingEnabled: p.sharingEnabled,
    version: p.version,
    createdDate: p.createdAt.toISOString(),
    lastModifiedDate: p.lastModifiedAt.toISOString(),
  };
}

/** Clients' product catalogs: admins write them; designs, renders and print files read them. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly clients: ClientsService,
    private readonly assets: AssetsService,
    private readonly changes: ChangeNotices,
  ) {}

  async create(actor: Actor, clientHandle: string, input: ProductInputDto): Promise<ProductDto> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    const definition = await this.checked(clientId, input);
    try {
      return toDto(
        await this.uow.run(async () => {
          // A racing create may pass this count; the cap is a guard against abuse, not an exact quota.
          if ((await this.repo.count(clientId)) >= MAX_PRODUCTS_PER_CLIENT)
            throw new CatalogFull(MAX_PRODUCTS_PER_CLIENT);
          return this.repo.insert(clientId, definition, this.clock.now(), input.sharingEnabled);
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new ProductHandleTaken(definition.handle);
      throw err;
    }
  }

  async replace(
    actor: Actor,
    clientHandle: string,
    productHandle: string,
    input: ProductInputDto,
  ): Promise<ProductDto> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    // A path that is no handle names no product.
    if (!HANDLE_PATTERN.test(productHandle.trim())) throw new ProductNotFound(productHandle);
    if (input.handle.toLowerCase() !== productHandle.trim().toLowerCase())
      throw new ProductHandleMismatch(productHandle, input.handle);
    const definition = await this.checked(clientId, input);
    const updated = await this.repo.replace(
      clientId,
      definition,
      this.clock.now(),
      input.sharingEnabled,
    );
    if (!updated) throw new ProductNotFound(productHandle);
    this.changes.changed('product', updated.id);
    return toDto(updated);
  }

  async get(actor: Actor, clientHandle: string, productHandle: string): Promise<ProductDto> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    const product = await this.repo.findByHandle(clientId, productHandle.trim().toLowerCase());
    if (!product) throw new ProductNotFound(productHandle);
    return toDto(product);
  }

  async list(actor: Actor, clientHandle: string): Promise<ProductSummaryDto[]> {
    return this.summaries(await this.clients.idFor(actor, clientHandle));
  }

  /** The products of the client with this handle (operator commands). */
  async listFor(clientHandle: string): Promise<ProductSummaryDto[]> {
    return this.summaries((await this.clients.getByHandle(clientHandle)).id);
  }

  private async summaries(clientId: string): Promise<ProductSummaryDto[]> {
    return (await this.repo.list(clientId)).map((p) => ({
      handle: p.handle,
      name: p.name,
      version: p.version,
      createdDate: p.createdAt.toISOString(),
      lastModifiedDate: p.lastModifiedAt.toISOString(),
    }));
  }

  async delete(actor: Actor, clientHandle: string, productHandle: string): Promise<void> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    const handle = productHandle.trim().toLowerCase();
    try {
      if (!(await this.repo.delete(clientId, handle))) throw new ProductNotFound(productHandle);
    } catch (err) {
      // recipe_set.product_id refers to the product (ON DELETE RESTRICT).
      if (isForeignKeyViolation(err)) throw new ProductInUse(handle);
      throw err;
    }
  }

  /** Stores a layer image for the client's products (an upload filed as a catalog image). */
  async uploadImage(
    actor: Actor,
    clientHandle: string,
    file: UploadInput,
    fields: { userFacingFileName?: string | null },
  ): Promise<UploadedAssetDto> {
    const clientId = await this.clients.idFor(actor, clientHandle);
    return this.assets.upload(clientId, file, {
      userFacingFileName: fields.userFacingFileName,
      purpose: AssetPurpose.Catalog,
    });
  }

  /** The client's product with this handle (any case), for designs; undefined when absent. */
  async find(clientId: string, handle: string): Promise<CatalogProduct | undefined> {
    const p = await this.repo.findByHandle(clientId, handle.trim().toLowerCase());
    return p
      ? {
          id: p.id,
          clientId: p.clientId,
          version: p.version,
          definition: p.definition,
          sharingEnabled: p.sharingEnabled,
        }
      : undefined;
  }

  /**
   * The options and SKUs of these products (by id), as orders are checked against them, in one
   * statement; products that do not exist are absent.
   */
  orderableProducts(ids: readonly string[]): Promise<OrderableProduct[]> {
    return this.repo.orderableProducts(ids);
  }

  /** Writes `definition` for the client unless a product with its handle exists (demo install). */
  async ensure(clientId: string, definition: ProductDefinition): Promise<{ created: boolean }> {
    if (await this.repo.findByHandle(clientId, definition.handle)) return { created: false };
    try {
      await this.repo.insert(clientId, definition, this.clock.now());
      return { created: true };
    } catch (err) {
      if (isUniqueViolation(err)) return { created: false };
      throw err;
    }
  }

  /** The stored form of `input`, after checking every reference in it. */
  private async checked(clientId: string, input: ProductInputDto): Promise<ProductDefinition> {
    const definition = toDefinition(input);
    const owned = await this.assets.findOwned(clientId, imagesOf(definition));
    const problems = productProblems(definition, (id) => owned.has(id));
    if (problems.length > 0) throw invalidWithProblems(`product ${definition.handle}`, problems);
    return definition;
  }
}
