/**
 * What other modules may use of the fonts module: the service (list, has, text outlines) and
 * the types of its answers. Everything else in this folder is its own business.
 */
export { FontsModule } from './fonts.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { FontsHttpModule } from './fonts-http.module';
export { FontsService, MAX_TEXT_SCALE, MAX_TEXT_SIZE } from './fonts.service';
export type { FontSummary, TextOutlineRequest } from './fonts.service';
export { InvalidTextMetrics, UnknownFont } from './fonts.errors';
export { LINE_HEIGHT, TEXT_ALIGNS } from './text-outline';
export type { OutlineBox, TextAlign, TextOutline } from './text-outline';
export type { FontStyle } from './font-registry';
