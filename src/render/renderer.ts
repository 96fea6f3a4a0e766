import { compositeRgba, encodePng, PixelRect, PlacedImage, Rgba } from '../common/images/compose';
import { blendInto } from '../common/images/layer-effects';
import type { Design } from '../recipe-sets';
import type { DesignSources } from './design-raster';
import { RenderInputs, RenderLayer, resolveOutputSize } from './render-inputs';
import { cached, ViewRender } from './view-render';

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
 * decoded once per render (once per strip of a large render), however many layers use it.
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
  /** Pixels of one strip of a large render ({@link STRIP_PIXELS} by default). */
  stripPixels?: number;
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
  const { scale, window } = renderWindow(inputs, size);
  const viewRender = (s: RenderSources<ImageRef>, part: PixelRect) =>
    new ViewRender(inputs, design, s, {
      scale,
      window: part,
      view: {
        width: Math.max(1, Math.round(view.width * scale)),
        height: Math.max(1, Math.round(view.height * scale)),
      },
      limitInputPixels: options.limitInputPixels ?? RENDER_INPUT_PIXEL_LIMIT,
    });
  if (!inStrips(window, inputs)) {
    const render = viewRender(sources, window);
    const layers = await Promise.all(inputs.layers.map((l) => render.layer(l)));
    return { png: await encodePng(await drawLayers(window, layers), size), ...size };
  }
  // Each strip fetches the same stored images: fetched once for all of them.
  const shared = fetchedOnce(sources);
  const canvas = Buffer.allocUnsafe(window.width * window.height * 4);
  for (const strip of strips(window, options.stripPixels ?? STRIP_PIXELS)) {
    const render = viewRender(shared, strip);
    const drawn = await drawLayersInTurn(strip, inputs.layers, (l) => render.layer(l));
    drawn.data.copy(canvas, (strip.top - window.top) * window.width * 4);
  }
  const image = { data: canvas, width: window.width, height: window.height };
  return { png: await encodePng(image, size), ...size };
}

/**
 * The most pixels one strip of a large render has (2 Mpx: 586 rows of the demo tee's largest
 * render, 3413 × 4096, drawn in 7 strips). A strip's layers are drawn like a camera's crop: the
 * same pixels as the whole window, so strips join without seams.
 */
export const STRIP_PIXELS = 2_000_000;

/** The window cut in horizontal strips of at most `maxPixels` (whole rows, at least one). */
export function strips(window: PixelRect, maxPixels: number): PixelRect[] {
  const rows = Math.max(1, Math.floor(maxPixels / window.width));
  const out: PixelRect[] = [];
  for (let y = 0; y < window.height; y += rows)
    out.push({ ...window, top: window.top + y, height: Math.min(rows, window.height - y) });
  return out;
}

/** The sources with each stored image fetched once, however many strips read it. */
function fetchedOnce<ImageRef>(sources: RenderSources<ImageRef>): RenderSources<ImageRef> {
  const layers = new Map<ImageRef, Promise<Buffer>>();
  const assets = new Map<number, Promise<Buffer>>();
  return {
    ...sources,
    layerImage: (ref) => cached(layers, ref, () => sources.layerImage(ref)),
    uploadedAsset: (id) => cached(assets, id, () => sources.uploadedAsset(id)),
  };
}

/**
 * Where a render draws: composed at the output's scale (a closeup gets sharp text, a thumbnail
 * costs little), within the camera's crop (the whole view without a camera) in those pixels.
 */
function renderWindow(
  inputs: RenderInputs<unknown>,
  size: { width: number; height: number },
): { scale: number; window: PixelRect } {
  const { view } = inputs;
  const crop = inputs.crop ?? { x: 0, y: 0, width: view.width, height: view.height };
  const scale = Math.max(size.width / crop.width, size.height / crop.height);
  const window: PixelRect = {
    left: Math.round(crop.x * scale),
    top: Math.round(crop.y * scale),
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
  return { scale, window };
}

/**
 * Bytes a render allocates at its peak per pixel it draws at once: the canvas, the next canvas,
 * the layer being drawn, the decoded images still to be read and what libvips holds meanwhile.
 * Measured when the demo tee's largest render (a 3413 × 4096 window, five layers, one of them the
 * design; `?width=4096`) was drawn in one piece: 346–446 MiB over its idle process, 26–33 bytes a
 * pixel. Drawn in strips, a large render holds its whole canvas (4 bytes a pixel) and its PNG
 * encoder (2) beside one strip's work.
 */
export const RENDER_BYTES_PER_PIXEL = 32;

/** What a render of `inputs` at `options`' size allocates at most: its weight in the memory budget. */
export function renderBytes<ImageRef>(
  inputs: RenderInputs<ImageRef>,
  options: RenderOptions = {},
): number {
  const { window } = renderWindow(inputs, resolveOutputSize(inputs.outputSize, options));
  const pixels = window.width * window.height;
  if (!inStrips(window, inputs)) return pixels * RENDER_BYTES_PER_PIXEL;
  const strip = Math.min(pixels, options.stripPixels ?? STRIP_PIXELS);
  return pixels * 6 + strip * RENDER_BYTES_PER_PIXEL;
}

/**
 * The cost model: all layers of a small render at once are a few MB, prepared in parallel and
 * composited in runs; a large one is drawn in strips, each holding one layer at a time.
 */
function inStrips(window: PixelRect, inputs: RenderInputs<unknown>): boolean {
  return window.width * window.height * 4 * inputs.layers.length > PARALLEL_LAYERS_BYTES;
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
 * composited by libvips, a blend mode by blendInto), so a strip of a large render holds its
 * canvas and one layer at a time: a 3413 × 4096 render peaked 720 MB above its process holding
 * them all, 346–446 MiB drawn in one piece layer by layer, 243 MiB in 2-Mpx strips (+0–42 MiB
 * once the process had drawn one before).
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
