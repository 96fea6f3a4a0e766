import { DomainError, ErrorKind } from '../errors/domain-error';
import { Role } from './role';

export class MissingToken extends DomainError {
  constructor(headerName: string) {
    super(
      'TOKEN_MISSING',
      ErrorKind.Unauthenticated,
      `Missing API token: send it in the ${headerName} header.`,
    );
  }
}

export class InvalidToken extends DomainError {
  constructor() {
    super(
      'TOKEN_INVALID',
      ErrorKind.Unauthenticated,
      'The API token is invalid or has been revoked.',
    );
  }
}

export class InvalidSignedUrl extends DomainError {
  constructor(reason: 'expired' | 'invalid') {
    super(
      'SIGNED_URL_INVALID',
      ErrorKind.Unauthenticated,
      reason === 'expired'
        ? 'The signed URL has expired: ask for a new one.'
        : 'The signature of the URL is invalid.',
    );
  }
}

export class RoleRequired extends DomainError {
  constructor(role: Role) {
    super('ROLE_REQUIRED', ErrorKind.Forbidden, `This operation needs the ${role} role.`);
  }
}

export class RouteNotClassified extends DomainError {
  constructor() {
    super(
      'ROUTE_NOT_CLASSIFIED',
      ErrorKind.Forbidden,
      'This route declares no access rule and is closed.',
    );
  }
}

export class OtherClientForbidden extends DomainError {
  constructor(handle: string) {
    super(
      'CLIENT_FORBIDDEN',
      ErrorKind.Forbidden,
      `The API token does not belong to client ${handle}.`,
    );
  }
}
