import type { DesignLayer } from '../catalog';
import {
  clipToCanvas,
  decodeResizedRegion,
  PixelRect,
  PlacedImage,
  rotateRgba,
  Rgba,
  windowRgba,
} from '../common/images/compose';
import {
  clipAndShade,
  maskCoverage,
  shadeFactors,
  tintCoverage,
  withOpacity,
} from '../common/images/layer-effects';
import type { Design, LocationDesign } from '../recipe-sets';
import { DesignSources, rasterizeDesign } from './design-raster';
import { placeRegion, visibleRegion } from './geometry';
import { RenderInputs, RenderLayer } from './render-inputs';
import type { RenderSources } from './renderer';

/**
 * One render's layers, each prepared as an image placed on the render's window (see renderView in
 * renderer.ts for how they are drawn): layer images decoded once however many layers read them,
 * and dropped after their last read.
 */

/** Where a render draws: view pixels × `scale`, within `window` (in those scaled pixels). */
export interface Frame {
  scale: number;
  window: PixelRect;
  /** The view's size at the scale. */
  view: { width: number; height: number };
  limitInputPixels: number;
}

/** One render's state: its frame and the images decoded so far. */
export class ViewRender<ImageRef> {
  private readonly images = new Map<ImageRef, Promise<Rgba>>();
  /** Reads of each decoded image still to come: at 0 it leaves the cache (56 MB at 4096 px). */
  private readonly imageReads: Map<ImageRef, number>;
  private readonly coverages = new Map<ImageRef, Promise<Buffer>>();
  private readonly shades = new Map<ImageRef, Promise<Buffer>>();
  private readonly assets = new Map<number, Promise<Buffer>>();
  private readonly designSources: DesignSources;

  constructor(
    private readonly inputs: RenderInputs<ImageRef>,
    private readonly design: Design,
    private readonly sources: RenderSources<ImageRef>,
    private readonly frame: Frame,
  ) {
    this.imageReads = imageReads(inputs.layers);
    this.designSources = {
      outline: (request) => sources.outline(request),
      uploadedAsset: (id) => cached(this.assets, id, () => sources.uploadedAsset(id)),
      limitInputPixels: frame.limitInputPixels,
    };
  }

  private get window(): PixelRect {
    return this.frame.window;
  }

  async layer(layer: RenderLayer<ImageRef>): Promise<PlacedImage | null> {
    switch (layer.type) {
      case 'image': {
        const image = await withOpacity(await this.image(layer.imageId), layer.opacity ?? 1);
        return { image, left: 0, top: 0, blend: layer.blend };
      }
      case 'fill': {
        const coverage = await this.coverage(layer.maskImageId);
        const { width, height } = this.window;
        return {
          image: await tintCoverage(coverage, width, height, layer.hex),
          left: 0,
          top: 0,
          blend: layer.blend,
        };
      }
      case 'design':
        return this.designLayer(layer);
    }
  }

  /**
   * A layer image stretched to the scaled view and seen through the window: only the part under
   * the window is resized and kept.
   */
  private image(ref: ImageRef): Promise<Rgba> {
    const { window, view, limitInputPixels } = this.frame;
    const left = (this.imageReads.get(ref) ?? 1) - 1;
    this.imageReads.set(ref, left);
    const image = cached(this.images, ref, () => this.decode(ref, window, view, limitInputPixels));
    if (left <= 0) this.images.delete(ref);
    return image;
  }

  private async decode(
    ref: ImageRef,
    window: PixelRect,
    view: { width: number; height: number },
    limitInputPixels: number,
  ): Promise<Rgba> {
    const left = Math.max(0, window.left);
    const top = Math.max(0, window.top);
    const right = Math.min(view.width, window.left + window.width);
    const bottom = Math.min(view.height, window.top + window.height);
    const blank = { data: Buffer.alloc(0), width: 0, height: 0 };
    const region = { left, top, width: right - left, height: bottom - top };
    const part =
      region.width > 0 && region.height > 0
        ? await decodeResizedRegion(
            await this.sources.layerImage(ref),
            view.width,
            view.height,
            region,
            limitInputPixels,
          )
        : blank;
    return windowRgba(part, { ...window, left: window.left - left, top: window.top - top });
  }

  private coverage(ref: ImageRef): Promise<Buffer> {
    return cached(this.coverages, ref, async () => maskCoverage(await this.image(ref)));
  }

  private shade(ref: ImageRef): Promise<Buffer> {
    return cached(this.shades, ref, async () => shadeFactors(await this.image(ref)));
  }

  private async designLayer(layer: DesignLayer<ImageRef>): Promise<PlacedImage | null> {
    const location = this.inputs.product.locations.find(
      (l) => l.handle.toLowerCase() === layer.location.toLowerCase(),
    );
    const design = location && designOf(this.design, location.handle);
    if (!location || !design) return null;
    const { scale } = this.frame;
    const box = {
      width: Math.max(1, Math.round(layer.width * scale)),
      height: Math.max(1, Math.round(layer.height * scale)),
      cx: (layer.x + layer.width / 2) * scale - this.window.left,
      cy: (layer.y + layer.height / 2) * scale - this.window.top,
      rotation: layer.rotation ?? 0,
    };
    const visible = visibleRegion(box, this.window.width, this.window.height);
    if (!visible) return null;
    const raster = await rasterizeDesign(location, design, box, this.designSources, visible);
    if (!raster) return null;
    const turned = await rotateRgba(raster, box.rotation);
    const placed = await clipToCanvas(
      { image: turned, ...placeRegion(box, visible, turned) },
      this.window.width,
      this.window.height,
    );
    if (!placed) return null;
    const [coverage, shade] = await Promise.all([
      layer.maskImageId === undefined ? undefined : this.coverage(layer.maskImageId),
      layer.overlayImageId === undefined ? undefined : this.shade(layer.overlayImageId),
    ]);
    // clipToCanvas may hand back the raster itself: it is this layer's own, so changing it is safe.
    return clipAndShade(placed, this.window.width, coverage, shade);
  }
}

function designOf(design: Design, location: string): LocationDesign | undefined {
  const key = Object.keys(design).find((k) => k.toLowerCase() === location.toLowerCase());
  return key === undefined ? undefined : design[key];
}

/**
 * How often a render reads each layer image decoded: once per image layer, once for a mask's
 * coverage and once for an overlay's shade (both cached themselves, however many layers use them).
 */
function imageReads<ImageRef>(layers: readonly RenderLayer<ImageRef>[]): Map<ImageRef, number> {
  const reads = new Map<ImageRef, number>();
  const read = (ref: ImageRef) => reads.set(ref, (reads.get(ref) ?? 0) + 1);
  const masks = new Set<ImageRef>();
  const overlays = new Set<ImageRef>();
  for (const layer of layers) {
    if (layer.type === 'image') read(layer.imageId);
    else if (layer.type === 'fill') masks.add(layer.maskImageId);
    else {
      if (layer.maskImageId !== undefined) masks.add(layer.maskImageId);
      if (layer.overlayImageId !== undefined) overlays.add(layer.overlayImageId);
    }
  }
  for (const ref of [...masks, ...overlays]) read(ref);
  return reads;
}

/** The value under `key`, made (once) when missing. */
export function cached<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}
