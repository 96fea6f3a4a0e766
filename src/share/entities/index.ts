import { ShareLinkEntity } from './share-link.entity';

/** The tables the share module owns. */
export const SHARE_ENTITIES = [ShareLinkEntity];
