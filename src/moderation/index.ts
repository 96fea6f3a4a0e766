/**
 * What other modules may use of the moderation module. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { ModerationModule } from './moderation.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { ModerationHttpModule } from './moderation-http.module';
/** The clients' word lists and hash blocklists (the demo seeds an entry of each). */
export { ModerationListsService } from './moderation-lists.service';
/** For the whole-schema list. */
export { MODERATION_ENTITIES } from './entities';
