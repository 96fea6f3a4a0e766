/**
 * What other modules may use of the share module. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { ShareModule } from './share.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { ShareHttpModule } from './share-http.module';
export { ShareService } from './share.service';
/** For the whole-schema list. */
export { SHARE_ENTITIES } from './entities';
