import { Injectable } from '@nestjs/common';
import { AssetPurpose, AssetsService } from '../../assets';
import { CatalogService } from '../catalog.service';
import { ProductDefinition, ProductLayer } from '../product-definition';
import { imagesOf } from '../product-rules';
import { demoCatalog, demoProducts } from './demo-products';

export interface DemoInstallResult {
  /** Demo products this call created. */
  installed: string[];
  /** Demo products the client had already (left as they are). */
  unchanged: string[];
}

/** The demo products' handles (`demo-tee`, `demo-bottle`). */
export function demoProductHandles(): string[] {
  return demoProducts().map((p) => p.handle);
}

/**
 * Installs the demo catalog (drawn by code, see demo-products.ts) into a client's catalog: each
 * demo product the client lacks is created with its images uploaded as the client's catalog
 * images. A product the client has already is left alone, so running it again changes nothing.
 */
@Injectable()
export class DemoCatalogInstaller {
  constructor(
    private readonly catalog: CatalogService,
    private readonly assets: AssetsService,
  ) {}

  /**
   * Installs the demo products the client lacks (only `only`, when given); `onProgress` hears a
   * line as each product is drawn and stored (drawing takes seconds).
   */
  async install(
    clientId: string,
    only?: string,
    onProgress?: (line: string) => void,
  ): Promise<DemoInstallResult> {
    const result: DemoInstallResult = { installed: [], unchanged: [] };
    const missing: string[] = [];
    for (const { handle } of demoProducts()) {
      if (only !== undefined && handle !== only) continue;
      if (await this.catalog.find(clientId, handle)) result.unchanged.push(handle);
      else missing.push(handle);
    }
    // Drawing the images costs seconds of CPU: only when a product is missing (not for a
    // repeated install, nor for a handle that is no demo product).
    if (missing.length === 0) return result;
    onProgress?.(`drawing the demo catalog's images (${missing.join(', ')} to install)`);
    const { images, products } = await demoCatalog();
    for (const product of products) {
      if (!missing.includes(product.handle)) continue;
      const done = result.installed.length + 1;
      onProgress?.(`installing ${product.handle} (${done} of ${missing.length})`);
      const ids = new Map<string, number>();
      for (const ref of imagesOf(product)) {
        const uploaded = await this.assets.upload(
          clientId,
          { bytes: images[ref], fileName: `${ref}.png` },
          { userFacingFileName: `${ref}.png`, purpose: AssetPurpose.Catalog },
        );
        ids.set(ref, uploaded.id);
      }
      const { created } = await this.catalog.ensure(clientId, withImageIds(product, ids));
      (created ? result.installed : result.unchanged).push(product.handle);
    }
    return result;
  }
}

function withImageIds(
  product: ProductDefinition<string>,
  ids: Map<string, number>,
): ProductDefinition {
  const id = (ref: string): number => ids.get(ref)!;
  return {
    ...product,
    viewAngles: product.viewAngles.map((view) => ({
      ...view,
      layers: view.layers.map((layer): ProductLayer => {
        switch (layer.type) {
          case 'image':
            return { ...layer, imageId: id(layer.imageId) };
          case 'fill':
            return { ...layer, maskImageId: id(layer.maskImageId) };
          case 'design':
            return {
              ...layer,
              maskImageId: layer.maskImageId === undefined ? undefined : id(layer.maskImageId),
              overlayImageId:
                layer.overlayImageId === undefined ? undefined : id(layer.overlayImageId),
            };
        }
      }),
    })),
  };
}
