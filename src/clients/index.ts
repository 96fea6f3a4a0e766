/**
 * What other modules may use of the clients module: the identities (client accounts, their users,
 * API tokens) and the services that look them up. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { ClientsModule } from './clients.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { ClientsHttpModule } from './clients-http.module';
export { ClientsService } from './clients.service';
export { TokensService } from './tokens.service';
/** For the CLI's `client` and `token` commands (checked by the same rules as the HTTP API). */
export { ClientDto, TokenDto, UpdateClientDto } from './clients.dto';
export { CLIENT_HANDLE_RULE, clientHandleProblem, normalizeClientHandle } from './client-handle';
export { parseTokenLifetime } from './token-lifetime';
export { storefrontLink, SKU_POLICIES } from './client-settings';
export type { SkuPolicy } from './client-settings';
/** How long a token lookup is cached (the CLI's tests wait it out). */
export { CACHE_TTL_MS } from './token-cache';
/** For relations (foreign keys) of other modules' entities, and the whole-schema list. */
export { ClientAccountEntity, Plan } from './entities/client-account.entity';
/** For other modules' SQL: the table's name (they import it, not write it). */
export { CLIENT_ACCOUNT_TABLE } from './entities/client-account.entity';
export { ApiTokenEntity } from './entities/api-token.entity';
export { UserEntity, UserRole, UserStatus } from './entities/user.entity';
export { CLIENT_ENTITIES } from './entities';
