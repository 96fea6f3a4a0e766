import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AssetsService, UploadedAssetDto } from '../assets';
import { Actor } from '../common/auth/actor';
import { ClientAccess, ClientNotFound } from '../common/auth/client-access';
import { ClientsService } from '../clients/clients.service';
import { EncodedJson, encodeJson } from '../common/http/encoded-json';
import { SavedAssetListEnvelopeDto, SavedAssetListQueryDto } from './dto/list.dto';
import { etagOf } from './list-answer';
import { SavedAssetListCache } from './saved-asset-list.cache';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { ProductionJobEntity } from './entities/production-job.entity';
import { ListFilter, SavedAssetListRepository } from './saved-asset-list.repository';
import { plainUploadDto, savedAssetDto } from './saved-asset.mapper';
import { parseId, parsePathBoolean } from './saved-asset-ids';
import { InvalidListParameter, SavedAssetNotFound } from './saved-assets.errors';
import { SavedAssetsRepository } from './saved-assets.repository';

/** The envelope's apiVersion: the version of this API's list envelope. */
export const SAVED_ASSETS_API_VERSION = '1.0.0';

/** lastModification of an empty list: fixed, so that an empty answer keeps its hash. */
const NOTHING_MODIFIED = new Date(0).toISOString();

/**
 * The read side of the library: an organization's active saved assets in pages (and, on the
 * include-uploaded-assets/true path, its uploads that were never saved), and one asset by id.
 * A page is one count and one key query, then its assets, jobs and uploads by id.
 */
@Injectable()
export class SavedAssetReadsService {
  constructor(
    private readonly list: SavedAssetListRepository,
    private readonly repo: SavedAssetsRepository,
    private readonly assets: AssetsService,
    private readonly clients: ClientsService,
    private readonly cache: SavedAssetListCache,
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
  ): Promise<EncodedJson> {
    const include = pathInclude === undefined ? undefined : parsePathBoolean(pathInclude);
    if (pathInclude !== undefined && include === undefined)
      throw new InvalidListParameter('includeUploadedAssets', 'must be true or false');
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
    const totals = await this.list.totals(filter);
    const keys =
      totals.total === 0 || (pageSize !== undefined && (page - 1) * pageSize >= totals.total)
        ? []
        : await this.list.page(
            filter,
            order,
            pageSize,
            pageSize === undefined ? 0 : (page - 1) * pageSize,
          );
    const contents = await this.describe(clientId, handle, filter, keys, embed);
    const size = pageSize ?? totals.total;
    const [text, hash] = envelopeJson(contents, totals.lastModified, {
      totalRecords: totals.total,
      pageCount: size === 0 ? 0 : Math.ceil(totals.total / size),
      page,
      pageSize: size,
    });
    const body = await encodeJson(text, etagOf(hash));
    this.cache.set(key, clientId, filter.organizationIdentifier, body, generation);
    return body;
  }

  /** One active saved asset with its jobs: the caller's own, or any for ServiceAdmin. */
  async get(actor: Actor, assetId: string | number): Promise<SavedUploadedAssetDto> {
    const id = parseId('Saved asset', assetId);
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

/**
 * The spec's envelope as JSON text, and its `hash`: the digest of everything else in it. The
 * items are serialised once, for the digest and for both `contents` and `data`.
 */
function envelopeJson(
  contents: SavedUploadedAssetDto[],
  lastModified: Date | null,
  paging: SavedAssetListEnvelopeDto['paging'],
): [string, string] {
  const rest = JSON.stringify({
    lastModification: lastModified?.toISOString() ?? NOTHING_MODIFIED,
    error: null,
    apiVersion: SAVED_ASSETS_API_VERSION,
    paging,
  });
  const items = JSON.stringify(contents);
  // `{...rest, contents}`, as JSON.stringify would write it.
  const hash = createHash('md5')
    .update(`${rest.slice(0, -1)},"contents":${items}}`)
    .digest('base64');
  return [
    `${rest.slice(0, -1)},"hash":${JSON.stringify(hash)},"contents":${items},"data":${items}}`,
    hash,
  ];
}
