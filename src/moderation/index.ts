/**
 * What other modules may use of the moderation module. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { ModerationModule } from './moderation.module';
/** For the whole-schema list. */
export { MODERATION_ENTITIES } from './entities';
