import { Injectable } from '@nestjs/common';
import { AssetsService, UploadedAssetNotFound } from '../assets';
import { CatalogService, ProductLocation, ProductNotFound } from '../catalog';
import { invalidField } from '../common/errors/domain-error';
import { UploadedFile } from '../common/http/single-file-upload';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { ModerationRequestDto } from './dto/moderation-request.dto';
import { analyseArtwork, Artwork } from './image-analysis';
import { LocationNotFound } from './moderation.errors';

/** A moderation request resolved: the decoded artwork and where it goes. */
export interface ModerationInput {
  artwork: Artwork;
  location?: ProductLocation;
  given: { width?: number; height?: number };
}

/**
 * What both moderation routes read: the image (the client's upload, or the request's file,
 * decoded within MAX_UPLOAD_PIXELS) and the product location it is placed on.
 */
@Injectable()
export class ModerationInputs {
  constructor(
    private readonly assets: AssetsService,
    private readonly store: BlobStore,
    private readonly catalog: CatalogService,
    private readonly config: AppConfig,
  ) {}

  async resolve(
    clientId: string,
    body: ModerationRequestDto,
    file?: UploadedFile,
  ): Promise<ModerationInput> {
    const id = body.uploadedAssetId;
    if (file && id !== undefined)
      throw invalidField('uploadedAssetId', 'must be left out when the image comes in field file');
    if (!file && id === undefined)
      throw invalidField(
        'uploadedAssetId',
        'is required (or send the image in multipart field file)',
      );
    const location = await this.location(clientId, body.productHandle, body.location);
    const artwork = file
      ? await analyseArtwork(file.bytes, {
          maxPixels: this.config.maxUploadPixels,
          name: 'The file',
        })
      : await this.analyseUpload(clientId, id as number);
    return {
      artwork,
      location,
      given: { width: body.width ?? undefined, height: body.height ?? undefined },
    };
  }

  /** The client's upload `id`, decoded; 404 when absent or another client's. */
  async analyseUpload(clientId: string, id: number): Promise<Artwork> {
    const owned = (await this.assets.findOwned(clientId, [id])).get(id);
    if (!owned) throw new UploadedAssetNotFound(id);
    const bytes = await this.store.get(owned.key);
    // A row without its blob is stored data gone wrong: a failure (500), not the caller's.
    if (!bytes) throw new Error(`the image of uploaded asset ${id} is missing from the blob store`);
    return analyseArtwork(bytes, {
      maxPixels: this.config.maxUploadPixels,
      name: `Uploaded asset ${id}`,
    });
  }

  private async location(
    clientId: string,
    productHandle: string | null | undefined,
    handle: string | null | undefined,
  ): Promise<ProductLocation | undefined> {
    if (!productHandle) {
      if (handle) throw invalidField('productHandle', 'is required with location');
      return undefined;
    }
    const product = await this.catalog.find(clientId, productHandle);
    if (!product) throw new ProductNotFound(productHandle);
    const locations = product.definition.locations;
    const known = locations.map((l) => l.handle);
    if (!handle) {
      if (locations.length <= 1) return locations[0];
      throw invalidField(
        'location',
        `is required: product ${product.definition.handle} has several (${known.join(', ')})`,
      );
    }
    const wanted = handle.trim().toLowerCase();
    const found = locations.find((l) => l.handle.toLowerCase() === wanted);
    if (!found) throw new LocationNotFound(product.definition.handle, handle, known);
    return found;
  }
}
