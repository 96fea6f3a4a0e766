import { compositeRgba, encodePng, PixelRect, PlacedImage, Rgba } from '../common/images/compose';
import { blendInto } from '../common/images/layer-effects';
import type { Design } from '../recipe-sets';
import type { DesignSources } from './design-raster';
import { RenderInputs, RenderLayer, resolveOutputSize } from './render-inputs';
import { ViewRender } from './view-render';

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
