import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class UserNotFound extends DomainError {
  constructor(id: string) {
    super(
      'USER_NOT_FOUND',
      ErrorKind.NotFound,
      `User ${JSON.stringify(id.slice(0, 100))} was not found.`,
    );
  }
}

/** An e-mail address is a user at most once per client (docs/design.md §10). */
export class EmailInUse extends DomainError {
  constructor() {
    super('EMAIL_IN_USE', ErrorKind.Conflict, 'A user with this e-mail address exists already.');
  }
}

/** An operator named a user by an address several clients invited and none signs in with. */
export class EmailAmbiguous extends DomainError {
  constructor(count: number) {
    super(
      'EMAIL_AMBIGUOUS',
      ErrorKind.Conflict,
      `${count} clients have a user with this e-mail address and none of them has accepted: name the user by id.`,
    );
  }
}

/** Too many failed checks of one e-mail address from this source: refused for a while. */
export class CredentialsLocked extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(
      'CREDENTIALS_LOCKED',
      ErrorKind.RateLimited,
      `Too many failed attempts for this e-mail address from this source; try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      { retryAfterSeconds },
    );
  }
}

/** The client's daily cap on invitation e-mails (docs/design.md §10). */
export class InvitationDailyLimitReached extends DomainError {
  constructor(limit: number, now: Date) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    super(
      'INVITATION_DAILY_LIMIT',
      ErrorKind.RateLimited,
      `This client has sent ${limit} invitations today (UTC), the most allowed per day; nothing was sent. Retry after midnight UTC.`,
      { retryAfterSeconds: Math.ceil((midnight - now.getTime()) / 1000) },
    );
  }
}
