/**
 * What other modules may use of the image-generation module. Everything else in this folder is
 * its own business (lint forbids deep imports from outside).
 */
export { ImageGenModule } from './imagegen.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { ImageGenHttpModule } from './imagegen-http.module';
export { ImageGenController } from './imagegen.controller';
export { GENERATOR_NAMES } from './generators';
/** Drawing without HTTP (the examples of docs/api/rendering.md). */
export { ImageDrawer } from './image-drawer';
