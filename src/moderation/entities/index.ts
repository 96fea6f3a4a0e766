import { BlockedHashEntity } from './blocked-hash.entity';
import { ModerationWordEntity } from './moderation-word.entity';

/** The tables the moderation module owns. */
export const MODERATION_ENTITIES = [ModerationWordEntity, BlockedHashEntity];
