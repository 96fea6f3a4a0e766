import { ApiTokenEntity } from './api-token.entity';
import { ClientAccountEntity } from './client-account.entity';
import { UserEntity } from './user.entity';

/** The tables the clients module owns: the identities (client accounts, their users, tokens). */
export const CLIENT_ENTITIES = [ClientAccountEntity, ApiTokenEntity, UserEntity];
