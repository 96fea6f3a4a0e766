import type { DesignLayer } from '../catalog';
import {
  blendInto,
  clipAndShade,
  clipToCanvas,
  compositeRgba,
  decodeResizedRegion,
  encodePng,
  maskCoverage,
  PixelRect,
  PlacedImage,
  rotateRgba,
  Rgba,
  shadeFactors,
  tintCoverage,
  windowRgba,
  withOpacity,
} from '../common/images/compose';
import type { Design, LocationDesign } from '../recipesets';
import { DesignSources, rasterizeDesign } from './design-raster';
import { placeRegion, visibleRegion } from './geometry';
import { RenderInputs, RenderLayer, resolveOutputSize } from './render-inputs';

/**
 * Composes a view angle (see resolveRenderInputs for what is drawn): its layers in order on a
 * transparent canvas, only within the camera's crop (the whole view without a camera), at the
 * scale of the output size (layer images resized, the design rasterised at that size), then
 * stretched to the exact output size when its aspect ratio differs, and encoded as PNG. Deterministic: the same inputs give the same
 * bytes.
 *
 * - `image`: the image drawn with its blend mode and opacity;
 * - `fill`: the mask's coverage (alpha, or luminance when opaque) in the option's colour;
 * - `design`: the location's design rasterised at the rectangle's pixel size, rotated about the
 *   rectangle's centre, clipped by the mask's coverage and shaded by the overlay (its colour
 *   multiplied, within the design only).
 *
 * Layer images are view-sized (another size is stretched to the view). Each image is loaded and
 * decoded once per render, however many layers use it.
 */

/** Default sharp limitInputPixels for layer images and uploaded images (the upload limit). */
export const RENDER_INPUT_PIXEL_LIMIT = 64_000_000;

export interface RenderSources<ImageRef = number> extends Omit<DesignSources, 'limitInputPixels'> {
  /** The stored bytes of a layer image (a catalog image id). */
  layerImage(ref: ImageRef): Promise<Buffer>;
}

export interface RenderOptions {
  /** Output size: one side keeps the default's aspect ratio; none → inputs.outputSize. */
  width?: number;
  height?: number;
  /** sharp's limitInputPixels for every decoded image; RENDER_INPUT_PIXEL_LIMIT by default. */
  limitInputPixels?: number;
}

export interface RenderedImage {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Renders resolved inputs with a recipe set's design.
 *
 * @throws InvalidRenderSize (400) for an output size beyond MAX_RENDER_SIDE; whatever the
 *   sources throw; ImageRejected-like sharp errors for undecodable or oversized stored images.
 */
export async function renderView<ImageRef>(
  inputs: RenderInputs<ImageRef>,
  design: Design,
  sources: RenderSources<ImageRef>,
  options: RenderOptions = {},
): Promise<RenderedImage> {
  const size = resolveOutputSize(inputs.outputSize, options);
  const { view } = inputs;
  const crop = inputs.crop ?? { x: 0, y: 0, width: view.width, height: view.height };
  // Composed at the output's scale: a closeup gets sharp text, a thumbnail costs little.
  const scale = Math.max(size.width / crop.width, size.height / crop.height);
  const window: PixelRect = {
    left: Math.round(crop.x * scale),
    top: Math.round(crop.y * scale),
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
  const render = new ViewRender(inputs, design, sources, {
    scale,
    window,
    view: {
      width: Math.max(1, Math.round(view.width * scale)),
      height: Math.max(1, Math.round(view.height * scale)),
    },
    limitInputPixels: options.limitInputPixels ?? RENDER_INPUT_PIXEL_LIMIT,
  });
  // The cost model: all layers of a small render at once are a few MB, prepared in parallel and
  // composited in runs; a large one holds one layer at a time (see drawLayersInTurn).
  const allLayersBytes = window.width * window.height * 4 * inputs.layers.length;
  const canvas =
    allLayersBytes <= PARALLEL_LAYERS_BYTES
      ? await drawLayers(window, await Promise.all(inputs.layers.map((l) => render.layer(l))))
      : await drawLayersInTurn(window, inputs.layers, (l) => render.layer(l));
  return { png: await encodePng(canvas, size), ...size };
}

/**
 * Above this many bytes for every layer of a render at once (64 MiB: a 1000 × 1200 render of
 * five layers takes 24 MB), layers are prepared and drawn one after another instead of all at
 * once. Both ways give the same pixels.
 */
export const PARALLEL_LAYERS_BYTES = 64 * 1024 * 1024;

/**
 * Layers in order: runs of plain `over` layers composited by libvips in one pass, layers with a
 * blend mode drawn by blendInto on what is below them.
 */
async function drawLayers(window: PixelRect, layers: (PlacedImage | null)[]): Promise<Rgba> {
  let canvas: Rgba | undefined;
  let run: PlacedImage[] = [];
  const flush = async (): Promise<Rgba> => {
    canvas = await compositeRgba(window.width, window.height, run, undefined, canvas);
    run = [];
    return canvas;
  };
  for (const layer of layers) {
    if (!layer) continue;
    if ((layer.blend ?? 'over') === 'over') run.push(layer);
    else canvas = await blendInto(await flush(), layer);
  }
  return flush();
}

/**
 * Layers prepared and drawn one after another, each dropped once drawn (a plain `over` layer
 * composited by libvips, a blend mode by blendInto), so a large render holds the canvas and one
 * layer at a time: a 3413 × 4096 render peaked 720 MB above its process holding them all.
 */
async function drawLayersInTurn<ImageRef>(
  window: PixelRect,
  layers: readonly RenderLayer<ImageRef>[],
  prepare: (layer: RenderLayer<ImageRef>) => Promise<PlacedImage | null>,
): Promise<Rgba> {
  const { width, height } = window;
  let canvas = await compositeRgba(width, height, []);
  for (const layer of layers) {
    const placed = await prepare(layer);
    if (!placed) continue;
    canvas =
      (placed.blend ?? 'over') === 'over'
        ? await compositeRgba(width, height, [placed], undefined, canvas)
        : await blendInto(canvas, placed);
  }
  return canvas;
}

/** Where a render draws: view pixels × `scale`, within `window` (in those scaled pixels). */
interface Frame {
  scale: number;
  window: PixelRect;
  /** The view's size at the scale. */
  view: { width: number; height: number };
  limitInputPixels: number;
}

/** One render's state: its frame and the images decoded so far. */
class ViewRender<ImageRef> {
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
    const placed = clipToCanvas(
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

function cached<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}
