import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { sha256Hex } from '../common/crypto/digest';
import { invalidField } from '../common/errors/domain-error';
import { inspectUpload, normalizeUpload } from '../common/images/images';
import { uploadBytes } from '../common/images/image-memory';
import { WorkPools } from '../common/scheduling/work-pools';
import { WorkPolicy, WorkQuota } from '../plans';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { isInt32, parseInt32 } from '../common/validation/int32';
import { isStorable, UNSTORABLE_RULE } from '../common/validation/storable-text';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobLinks } from '../common/storage/blob-links';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { InvalidUploadedAssetId, UploadedAssetNotFound } from './assets.errors';
import { MAX_REFERENCE_LENGTH, UploadedAssetDto } from './dto/uploaded-asset.dto';
import { AssetPurpose, UploadedAssetEntity } from './entities/uploaded-asset.entity';
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from './file-name';
import { UploadedAssetsRepository } from './uploaded-assets.repository';
import { ChangeNotices, libraryId } from '../common/caching/change-notices';

/** Blob-store namespace of uploaded images. */
export const UPLOADS_NAMESPACE = 'uploads';

/** An uploaded file: its bytes and the name it came with (never trusted for its type). */
export interface UploadInput {
  bytes: Buffer;
  fileName?: string;
}

/** What an upload is filed under. */
export interface UploadMeta {
  userFacingFileName?: string | null;
  organizationIdentifier?: string | null;
  clientAccountReference?: string | null;
  purpose?: AssetPurpose;
}

/** What other modules need of an upload they reference (a design element, a layer image). */
export interface OwnedAsset {
  id: number;
  /** Blob key of the stored image (read it from the BlobStore). */
  key: string;
  mimeType: string;
  width: number;
  height: number;
  purpose: AssetPurpose;
}

/**
 * Uploaded images. An upload is checked from its header (type from its content, pixel and frame
 * caps), counted against the client's plan (on routes that opt in), then normalised in the upload
 * pool where each client has its share (EXIF orientation applied, metadata stripped), stored in the blob store under a key of the client and
 * the normalised bytes, and recorded as a row. The same image uploaded twice by one client is one
 * stored object but two rows: uploads of the same file for different organizations (or with
 * different names) stay distinct. The blob is written before the row: a failed insert can leave an
 * unreferenced blob (harmless: it is immutable and keyed by content), never a row without its blob;
 * so can a retry refused by its Idempotency-Key (the key is claimed with the row's transaction, which
 * opens only after the image was processed, so that processing holds no database connection).
 */
@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: UploadedAssetsRepository,
    private readonly uow: UnitOfWork,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly links: BlobLinks,
    private readonly config: AppConfig,
    private readonly changes: ChangeNotices,
    private readonly pools: WorkPools,
    private readonly quota: WorkQuota,
  ) {}

  async upload(
    clientId: string,
    file: UploadInput,
    meta: UploadMeta = {},
  ): Promise<UploadedAssetDto> {
    const fileName = sanitizeFileName(file.fileName);
    const filed = {
      userFacingFileName:
        sanitizeFileName(
          checkLength('userFacingFileName', meta.userFacingFileName, MAX_FILE_NAME_LENGTH) ??
            undefined,
        ) ??
        fileName ??
        null,
      organizationIdentifier:
        checkLength('organizationIdentifier', meta.organizationIdentifier, MAX_REFERENCE_LENGTH) ??
        null,
      clientAccountReference:
        checkLength('clientAccountReference', meta.clientAccountReference, MAX_REFERENCE_LENGTH) ??
        null,
    };
    const limits = {
      maxPixels: this.config.maxUploadPixels,
      maxFrames: this.config.uploads.maxFrames,
      maxCost: this.config.uploads.maxCost,
      name: fileName ? `The file ${JSON.stringify(fileName)}` : 'The file',
    };
    // The header first (cheap): what is too costly to decode is refused before it waits or counts.
    const inspected = await inspectUpload(file.bytes, limits);
    await this.quota.take(clientId, WorkPolicy.Upload);
    await this.quota.take(clientId, WorkPolicy.UploadCost, inspected.cost);
    const { format, width, height, frames } = inspected;
    const image = await this.pools.uploads.run(clientId, () =>
      this.pools.memory.run(uploadBytes(format, width * height, frames), () =>
        normalizeUpload(file.bytes, limits, inspected),
      ),
    );
    const sha256 = await sha256Hex(image.bytes);
    const key = this.keys.forContent(UPLOADS_NAMESPACE, clientId, sha256, image.ext);
    await this.store.put(key, image.bytes);
    const row = await this.uow.run(() =>
      this.assets.insert({
        clientId,
        blobKey: key,
        sha256,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        bytes: image.bytes.length,
        purpose: meta.purpose ?? AssetPurpose.Artwork,
        ...filed,
      }),
    );
    // An organization's upload is listed with its saved assets (include-uploaded-assets/true).
    if (row.organizationIdentifier && row.purpose === AssetPurpose.Artwork)
      this.changes.changed('library', libraryId(clientId, row.organizationIdentifier));
    return this.toDto(row);
  }

  /** One upload by its id (a path parameter as sent): the caller's own, or any for ServiceAdmin. */
  async get(actor: Actor, id: string | number): Promise<UploadedAssetDto> {
    const parsed = parseAssetId(id);
    const row = await this.assets.findById(parsed);
    return this.toDto(ClientAccess.owned(actor, row, () => new UploadedAssetNotFound(parsed)));
  }

  /**
   * The client's uploads among `ids`, by id, in one query; ids that are absent, another client's
   * or not 32-bit integers are simply missing from the map.
   */
  async findOwned(clientId: string, ids: readonly number[]): Promise<Map<number, OwnedAsset>> {
    const wanted = [...new Set(ids)].filter(isInt32);
    const rows = await this.assets.findOwned(clientId, wanted);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          key: r.blobKey,
          mimeType: r.mimeType,
          width: r.width,
          height: r.height,
          purpose: r.purpose,
        },
      ]),
    );
  }

  /**
   * The client's uploads among `ids` as the API shows them, by id, in one query; ids that are
   * absent, another client's or not 32-bit integers are missing from the map.
   */
  async describeOwned(
    clientId: string,
    ids: readonly number[],
  ): Promise<Map<number, UploadedAssetDto>> {
    const rows = await this.assets.findOwnedRows(clientId, [...new Set(ids)].filter(isInt32));
    return new Map(rows.map((r) => [r.id, this.toDto(r)]));
  }

  private toDto(row: UploadedAssetEntity): UploadedAssetDto {
    return {
      id: row.id,
      uri: this.links.url(row.blobKey),
      userFacingFileName: row.userFacingFileName,
      mimeType: row.mimeType,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      sha256: row.sha256,
      createdDate: row.createdAt.toISOString(),
      organizationIdentifier: row.organizationIdentifier,
      clientAccountReference: row.clientAccountReference,
    };
  }
}

/** An uploaded-asset id as written in a path: a 32-bit integer in decimal, else 400 (its own code). */
export function parseAssetId(id: string | number): number {
  const n = parseInt32(id);
  if (n === undefined) throw new InvalidUploadedAssetId(String(id));
  return n;
}

/**
 * Blank counts as absent; longer than `max` characters, or text the database cannot store, is a
 * 400 naming the field (callers other than the HTTP route skip its validation pipe).
 */
function checkLength(
  field: string,
  value: string | null | undefined,
  max: number,
): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const rule = !isStorable(text)
    ? UNSTORABLE_RULE
    : [...text].length > max
      ? `must be at most ${max} characters`
      : undefined;
  if (rule) throw invalidField(field, rule);
  return text;
}
