import { SANDBOX_ROLE_CEILING } from '../common/auth/role';
import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class ClientHandleTaken extends DomainError {
  constructor(handle: string) {
    super('CLIENT_HANDLE_TAKEN', ErrorKind.Conflict, `Client handle ${handle} already exists.`);
  }
}

export class TokenNotFound extends DomainError {
  constructor(idOrPrefix: string) {
    super('TOKEN_NOT_FOUND', ErrorKind.NotFound, `API token ${idOrPrefix} was not found.`);
  }
}

export class TokenPrefixAmbiguous extends DomainError {
  constructor(prefix: string) {
    super(
      'TOKEN_PREFIX_AMBIGUOUS',
      ErrorKind.Conflict,
      `More than one API token starts with ${prefix}; use its id.`,
    );
  }
}

/** A token can belong only to an active user of its client, with at most the user's role. */
export class TokenUserInvalid extends DomainError {
  constructor(userId: string, why: string) {
    super('TOKEN_USER_INVALID', ErrorKind.BadRequest, `userId ${userId} ${why}.`, {
      fields: [{ field: 'userId', message: `userId ${why}` }],
    });
  }
}

export class TokenUserNotFound extends DomainError {
  constructor(userId: string) {
    super('USER_NOT_FOUND', ErrorKind.NotFound, `User ${userId} was not found in this client.`);
  }
}

/** A sandbox client acts for itself alone: it never holds a role that acts for other clients. */
export class SandboxRoleRefused extends DomainError {
  constructor(role: string) {
    super(
      'SANDBOX_ROLE_REFUSED',
      ErrorKind.BadRequest,
      `role ${role} cannot be issued to a sandbox client: its tokens hold at most ${SANDBOX_ROLE_CEILING} (a sandbox client never acts for another client).`,
      {
        fields: [
          {
            field: 'role',
            message: `role ${role} is above ${SANDBOX_ROLE_CEILING}, the most a sandbox client's token may hold`,
          },
        ],
      },
    );
  }
}
