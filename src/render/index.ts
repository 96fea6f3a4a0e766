/**
 * What other modules may use of the renderer: resolving a render request against a product,
 * and rendering a view angle of a recipe set's design to PNG.
 */
export { MAX_RENDER_SIDE, resolveOutputSize, resolveRenderInputs } from './render-inputs';
export type {
  PixelSize,
  RenderInputs,
  RenderLayer,
  RenderRequest,
  TintedFillLayer,
  ViewCrop,
} from './render-inputs';
export { RENDER_INPUT_PIXEL_LIMIT, renderView } from './renderer';
export type { RenderedImage, RenderOptions, RenderSources } from './renderer';
export { MM_PER_PT, rasterizeDesign } from './design-raster';
export type { DesignSources } from './design-raster';
export {
  InvalidRenderSize,
  InvalidRenderStateValue,
  MissingOptionColour,
  UnknownCamera,
  UnknownRenderPreset,
  UnknownRenderState,
  UnknownViewAngle,
} from './render.errors';
