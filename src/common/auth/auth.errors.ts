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

export class SessionEnded extends DomainError {
  constructor() {
    super(
      'SESSION_ENDED',
      ErrorKind.Unauthenticated,
      'The console session has ended, expired or was signed out: sign in again.',
    );
  }
}

/** An unsafe request under a console session without its CSRF token (docs/design.md §3). */
export class CsrfTokenRequired extends DomainError {
  constructor(header: string) {
    super(
      'CSRF_TOKEN_REQUIRED',
      ErrorKind.Forbidden,
      `A request that changes something under a console session needs the session's CSRF token in the ${header} header (GET /api/session answers it).`,
    );
  }
}

/** A request under a console session that the browser says another site made. */
export class CrossSiteSessionRequest extends DomainError {
  constructor(evidence: string) {
    super(
      'CROSS_SITE_REQUEST',
      ErrorKind.Forbidden,
      `Console sessions are accepted only from the console's own site; the browser says this request came from another (${evidence.slice(0, 120)}).`,
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
