import { Injectable } from '@nestjs/common';
import { AssetsService, UploadedAssetDto } from '../assets';
import { Actor } from '../common/auth/actor';
import { ClientAccess, ClientNotFound } from '../common/auth/client-access';
import { ClientsService } from '../clients';
import { invalidField } from '../common/errors/domain-error';
import { parseInt32Id } from '../common/validation/int32';
import { MAX_SAVED_ASSET_PAGE_SIZE, SavedAssetListQueryDto } from './dto/list.dto';
import { ListAnswer } from './list-answer';
import { writeEnvelope } from './list-envelope';
import { AppConfig } from '../config/app-config';
import { SavedAssetListCache } from './saved-asset-list.cache';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { ProductionJobEntity } from './entities/production-job.entity';
import {
  ListFilter,
  ListKey,
  ListTotals,
  SavedAssetListRepository,
  SortOrder,
} from './saved-asset-list.repository';
import { plainUploadDto, savedAssetDto } from './saved-asset.mapper';
import { parsePathBoolean } from './saved-asset-ids';
import {
  SavedAssetListTooLarge,
  SavedAssetListTooLong,
  SavedAssetNotFound,
} from './saved-assets.errors';
import { SavedAssetsRepository } from './saved-assets.repository';

/**
 * Items of a list read and described at a time: at most SAVED_ASSET_MAX_BYTES each (64 KiB by
 * default), so a batch's entities and text stay a few MiB however the assets were filled.
 */
const DESCRIBE_BATCH = 100;

/**
 * The read side of the library: an organization's active saved assets in pages (and, on the
 * include-uploaded-assets/true path, its uploads that were never saved), and one asset by id.
 * A page is one count and one key query, then its assets, jobs and uploads by id.
 */
@Injectable()
export class SavedAssetReadsService {
  /** Lists being built, by cache generation and key. */
  private readonly building = new Map<string, Promise<ListAnswer>>();

  constructor(
    private readonly list: SavedAssetListRepository,
    private readonly repo: SavedAssetsRepository,
    private readonly assets: AssetsService,
    private readonly clients: ClientsService,
    private readonly cache: SavedAssetListCache,
    private readonly config: AppConfig,
  ) {}

  /**
   * The list of both routes, encoded (see SavedAssetListCache: a page read again is neither
   * queried nor serialised until its library changes). `pathInclude` is the
   * include-uploaded-assets path segment as sent (undefined on the query form): true also lists
   * plain uploads, and wins over the query value.
   */
  async listOrganization(
    actor: Actor,
    clientHandle: string,
    organizationIdentifier: string,
    query: SavedAssetListQueryDto,
    pathInclude?: string,
  ): Promise<ListAnswer> {
    const include = pathInclude === undefined ? undefined : parsePathBoolean(pathInclude);
    if (pathInclude !== undefined && include === undefined)
      throw invalidField('includeUploadedAssets', 'must be true or false');
    const { id: clientId, handle } = await this.clientFor(actor, clientHandle);
    const filter: ListFilter = {
      clientId,
      organizationIdentifier: organizationIdentifier.trim(),
      withPlainUploads: include === true,
      service: query.service || undefined,
      embellishmentType: query.embellishmentType || undefined,
    };
    const embed = include ?? query.includeUploadedAssets ?? false;
    const order = query.sortOrder ?? 'RecentlyUsed';
    const pageSize = query.pageSize;
    const page = pageSize === undefined ? 1 : (query.page ?? 1);
    const key = JSON.stringify([
      clientId,
      filter.organizationIdentifier,
      filter.withPlainUploads,
      embed,
      filter.service?.toLowerCase(),
      filter.embellishmentType?.toLowerCase(),
      order,
      page,
      pageSize,
    ]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation;
    // The same list asked for while it is built waits for that build (one answer in memory, not
    // one per caller); a request after a change of any library starts its own.
    const flight = `${generation} ${key}`;
    const under = this.building.get(flight);
    if (under) return under;
    const built = (async () => {
      const totals = await this.list.totals(filter);
      if (pageSize === undefined && totals.total > this.config.savedAssetListMax)
        throw new SavedAssetListTooLong(
          totals.total,
          this.config.savedAssetListMax,
          MAX_SAVED_ASSET_PAGE_SIZE,
        );
      const body = await this.write(clientId, handle, filter, order, embed, totals, page, pageSize);
      this.cache.set(key, clientId, filter.organizationIdentifier, body, generation);
      return body;
    })().finally(() => this.building.delete(flight));
    this.building.set(flight, built);
    return built;
  }

  /**
   * A page, or a whole list: its keys at once (a page, or at most SAVED_ASSET_LIST_MAX), then its
   * items described a batch at a time and written one by one within LIST_MAX_RESPONSE_BYTES (see
   * writeEnvelope), so neither all its entities nor (past a megabyte) its text are held together,
   * and the event loop turns between batches and slices. A list without pageSize longer than a
   * page is always spooled and streamed.
   */
  private async write(
    clientId: string,
    handle: string,
    filter: ListFilter,
    order: SortOrder,
    embed: boolean,
    totals: ListTotals,
    page: number,
    pageSize: number | undefined,
  ): Promise<ListAnswer> {
    const offset = pageSize === undefined ? 0 : (page - 1) * pageSize;
    const keys =
      totals.total === 0 || offset >= totals.total
        ? []
        : await this.list.page(filter, order, pageSize ?? this.config.savedAssetListMax, offset);
    const batches = async function* (
      describe: (batch: ListKey[]) => Promise<SavedUploadedAssetDto[]>,
    ): AsyncGenerator<SavedUploadedAssetDto[]> {
      for (let i = 0; i < keys.length; i += DESCRIBE_BATCH)
        yield await describe(keys.slice(i, i + DESCRIBE_BATCH));
    };
    const size = pageSize ?? totals.total;
    const maxBytes = this.config.listMaxResponseBytes;
    return writeEnvelope(
      batches((batch) => this.describe(clientId, handle, filter, batch, embed)),
      totals.lastModified,
      {
        totalRecords: totals.total,
        pageCount: size === 0 ? 0 : Math.ceil(totals.total / size),
        page,
        pageSize: size,
      },
      {
        maxBytes,
        tooLarge: (budget) =>
          new SavedAssetListTooLarge(maxBytes, budget.count, pageSize, MAX_SAVED_ASSET_PAGE_SIZE),
        spool: pageSize === undefined && totals.total > MAX_SAVED_ASSET_PAGE_SIZE,
      },
    );
  }

  /** One active saved asset with its jobs: the caller's own, or any for ServiceAdmin. */
  async get(actor: Actor, assetId: string | number): Promise<SavedUploadedAssetDto> {
    const id = parseInt32Id(assetId, 'Saved asset');
    const asset = ClientAccess.owned(
      actor,
      await this.repo.findAsset(id),
      () => new SavedAssetNotFound(id),
    );
    if (!asset.active) throw new SavedAssetNotFound(id);
    const [uploads, jobs] = await Promise.all([
      this.assets.describeOwned(asset.clientId, [asset.uploadedAssetId]),
      this.repo.jobsOf([id]),
    ]);
    return savedAssetDto(
      asset,
      asset.client.handle,
      uploadOf(uploads, asset.uploadedAssetId),
      jobs,
      true,
    );
  }

  private async describe(
    clientId: string,
    handle: string,
    filter: ListFilter,
    keys: { savedId: number | null; uploadId: number }[],
    embed: boolean,
  ): Promise<SavedUploadedAssetDto[]> {
    if (keys.length === 0) return [];
    const savedIds = keys.flatMap((k) => (k.savedId === null ? [] : [k.savedId]));
    const [saved, jobs, uploads] = await Promise.all([
      this.repo.findAssets(savedIds),
      this.repo.jobsOf(savedIds),
      this.assets.describeOwned(
        clientId,
        keys.map((k) => k.uploadId),
      ),
    ]);
    const byId = new Map(saved.map((s) => [s.id, s]));
    const jobsOf = new Map<number, ProductionJobEntity[]>();
    for (const j of jobs) jobsOf.set(j.savedAssetId, [...(jobsOf.get(j.savedAssetId) ?? []), j]);
    return keys.map((k) =>
      k.savedId === null
        ? plainUploadDto(uploadOf(uploads, k.uploadId), handle, filter.organizationIdentifier)
        : savedAssetDto(
            byId.get(k.savedId)!,
            handle,
            uploadOf(uploads, k.uploadId),
            jobsOf.get(k.savedId) ?? [],
            embed,
          ),
    );
  }

  /** The client a path's handle names, if the caller may act for it. */
  private async clientFor(
    actor: Actor,
    clientHandle: string,
  ): Promise<{ id: string; handle: string }> {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    if (handle === actor.clientHandle) return { id: actor.clientId, handle };
    const client = await this.clients.findByHandle(handle);
    if (!client) throw new ClientNotFound(handle);
    return { id: client.id, handle: client.handle };
  }
}

/** An asset's upload; the foreign key (ON DELETE CASCADE) keeps it present. */
function uploadOf(uploads: Map<number, UploadedAssetDto>, id: number): UploadedAssetDto {
  const upload = uploads.get(id);
  if (!upload) throw new Error(`Uploaded asset ${id} of a saved asset is missing`);
  return upload;
}
