/**
 * What other modules may use of the users module: the module and its service (the operator CLI's
 * `user` commands). The user entity itself belongs to the clients module, with the other
 * identities. Everything else in this folder is its own business (lint forbids deep imports from
 * outside).
 */
export { UsersModule } from './users.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { UsersHttpModule } from './users-http.module';
export { UsersService } from './users.service';
/** For the CLI's `user` commands (checked by the same rules as the HTTP API). */
export { InviteUserDto, UserDto } from './dto/user.dto';
export { MAX_USER_PAGE_SIZE } from './dto/list-users.dto';
/** The credential check's failure counter (the timing tests reset it). */
export { CREDENTIAL_FAILURES } from './credentials.service';
/** The console sessions' table (src/entities.ts lists every entity). */
export { USER_SESSION_ENTITIES } from './sessions/user-session.entity';
