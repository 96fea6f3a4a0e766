import { Injectable } from '@nestjs/common';
import { AssetsService } from '../assets';
import { BlobStore } from '../common/storage/blob-store';
import { FontsService } from '../fonts';
import { DesignSources } from './design-raster';
import { RENDER_INPUT_PIXEL_LIMIT, RenderSources } from './renderer';

/**
 * What drawings of a client's designs read: its images (catalog layer images and uploads are
 * both uploads, looked up as the client's own) and the bundled fonts' outlines. For renders and
 * print files alike.
 */
@Injectable()
export class ClientImages {
  constructor(
    private readonly assets: AssetsService,
    private readonly fonts: FontsService,
    private readonly store: BlobStore,
  ) {}

  /** Sources for rendering a view angle of the client's product. */
  forRender(clientId: string): RenderSources {
    const image = (id: number) => this.image(clientId, id);
    return {
      layerImage: image,
      uploadedAsset: image,
      outline: (request) => this.fonts.outline(request),
    };
  }

  /** Sources for drawing the client's designs alone (print files). */
  forDesign(clientId: string): DesignSources {
    return {
      uploadedAsset: (id) => this.image(clientId, id),
      outline: (request) => this.fonts.outline(request),
      limitInputPixels: RENDER_INPUT_PIXEL_LIMIT,
    };
  }

  private async image(clientId: string, id: number): Promise<Buffer> {
    const owned = (await this.assets.findOwned(clientId, [id])).get(id);
    const bytes = owned && (await this.store.get(owned.key));
    // Stored data naming an image the client does not have: a failure in drawing (500).
    if (!bytes) throw new Error(`image ${id} of the design or product is missing`);
    return bytes;
  }
}
