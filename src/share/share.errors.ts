import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A recipe set that may not be shared now (spec: 401 "not available for sharing"). */
export class NotAvailableForSharing extends DomainError {
  constructor(reason: string) {
    super('NOT_AVAILABLE_FOR_SHARING', ErrorKind.Unauthenticated, reason);
  }
}

export class InvalidShareRequest extends DomainError {
  constructor(field: string, problem: string) {
    super('VALIDATION_FAILED', ErrorKind.BadRequest, `Invalid request: ${problem}.`, {
      fields: [{ field, message: problem }],
    });
  }
}

/** The client's daily cap on share recipients (docs/design.md §10). */
export class ShareDailyLimitReached extends DomainError {
  constructor(limit: number, usedToday: number, asked: number) {
    super(
      'SHARE_DAILY_LIMIT',
      ErrorKind.RateLimited,
      `Sharing with ${asked} more recipient${asked === 1 ? '' : 's'} would pass this client's daily limit of ${limit} recipients (${usedToday} used today, UTC); nothing was sent. Retry after midnight UTC.`,
    );
  }
}

/** A recipient's server refused the message for good while the request waited (spec: 500). */
export class ShareDeliveryRefused extends DomainError {
  constructor(hints: readonly string[], others: number) {
    super(
      'SHARE_DELIVERY_REFUSED',
      ErrorKind.Failed,
      `Sharing failed: delivery was refused for ${hints.join(', ')}; the link to the other ${others} recipient${others === 1 ? '' : 's'} stays sent or queued.`,
      { logEntry: true },
    );
  }
}

export class ShareLinkNotFound extends DomainError {
  constructor(id: string) {
    super(
      'SHARE_LINK_NOT_FOUND',
      ErrorKind.NotFound,
      `Share link ${JSON.stringify(id.slice(0, 100))} was not found.`,
    );
  }
}
