import { ApiTokenEntity } from './api-token.entity';
import { ClientAccountEntity } from './client-account.entity';

/** The tables the clients module owns. */
export const CLIENT_ENTITIES = [ClientAccountEntity, ApiTokenEntity];
