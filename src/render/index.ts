/**
 * What other modules may use of the renderer: parsing a render URL, resolving it against a
 * product, and rendering a view angle of a recipe set's design to PNG.
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
export { visibleRegion } from './geometry';
export {
  InvalidRenderSize,
  InvalidRenderStateValue,
  MissingOptionColour,
  UnknownCamera,
  UnknownRenderPreset,
  UnknownRenderState,
  UnknownViewAngle,
} from './render.errors';
export { parseRenderRequest } from './render-request';
export type { RenderUrl } from './render-request';
export { RenderParameterInvalid, RenderPathInvalid } from './render.errors';
export { RENDER_PATH, RenderLinksService } from './render-links.service';
export { RENDERER_VERSION, RenderService } from './render.service';
export { ClientImages } from './client-images';
export { RenderModule } from './render.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { RenderHttpModule } from './render-http.module';
