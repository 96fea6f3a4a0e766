import { DomainError, ErrorKind } from '../common/errors/domain-error';

export class WebhookEndpointNotFound extends DomainError {
  constructor(id: string) {
    super(
      'WEBHOOK_ENDPOINT_NOT_FOUND',
      ErrorKind.NotFound,
      `Webhook endpoint ${id} was not found.`,
    );
  }
}

export class WebhookAttemptNotFound extends DomainError {
  constructor(id: string) {
    super(
      'WEBHOOK_DELIVERY_NOT_FOUND',
      ErrorKind.NotFound,
      `Webhook delivery ${id} was not found.`,
    );
  }
}

/** A URL the service will not deliver to: its form, or where its host resolves. */
export class WebhookTargetRefused extends DomainError {
  constructor(field: string, reason: string) {
    super('WEBHOOK_TARGET_REFUSED', ErrorKind.BadRequest, `Invalid request: ${field}: ${reason}.`, {
      fields: [{ field, message: reason }],
    });
  }
}

export class TooManyWebhookEndpoints extends DomainError {
  constructor(max: number) {
    super(
      'WEBHOOK_ENDPOINT_LIMIT',
      ErrorKind.Conflict,
      `This client has ${max} webhook endpoints, the most it may have; delete one first.`,
    );
  }
}

/** The client's daily cap on endpoint creations (deleted endpoints count too). */
export class WebhookEndpointDailyLimit extends DomainError {
  constructor(limit: number, now: Date) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    super(
      'WEBHOOK_ENDPOINT_DAILY_LIMIT',
      ErrorKind.RateLimited,
      `This client has created ${limit} webhook endpoints today (UTC), the most allowed per day (WEBHOOK_ENDPOINT_DAILY_CREATIONS); nothing was created. Retry after midnight UTC.`,
      { retryAfterSeconds: Math.ceil((midnight - now.getTime()) / 1000) },
    );
  }
}

/** The client's DNS lookups of its webhook hosts are at a limit (the sentence names it). */
export class WebhookLookupsLimited extends DomainError {
  constructor(limit: string, retryAfterSeconds: number) {
    super(
      'WEBHOOK_DNS_LIMIT',
      ErrorKind.RateLimited,
      `This client has ${limit}; the URL was not checked, nothing was saved. Retry later.`,
      { retryAfterSeconds },
    );
  }
}

export class InvalidEventQuery extends DomainError {
  constructor(field: string, problem: string) {
    super('VALIDATION_FAILED', ErrorKind.BadRequest, `Invalid request: ${field} ${problem}.`, {
      fields: [{ field, message: problem }],
    });
  }
}

export class ReplayTooLarge extends DomainError {
  constructor(count: number, max: number) {
    super(
      'WEBHOOK_REPLAY_TOO_LARGE',
      ErrorKind.BadRequest,
      `Invalid request: the window holds more than ${max} events (${count} or more); replay a shorter one (since/until).`,
      { fields: [{ field: 'until', message: `more than ${max} events` }] },
    );
  }
}

const overLimit = (what: string, limit: number, per: string, setting: string, retry: number) =>
  `Rate limit exceeded: a client may ask for ${limit} ${what} per ${per} (${setting}); retry in ${retry} s.`;

/** Replays of one client this hour past WEBHOOK_REPLAYS_PER_HOUR: 429 naming it. */
export class WebhookReplayLimitReached extends DomainError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      'WEBHOOK_REPLAY_LIMIT',
      ErrorKind.RateLimited,
      overLimit('replays', limit, 'hour', 'WEBHOOK_REPLAYS_PER_HOUR', retryAfterSeconds),
      { retryAfterSeconds },
    );
  }
}

/** Test pings of one client this minute past WEBHOOK_PINGS_PER_MINUTE: 429 naming it. */
export class WebhookPingLimitReached extends DomainError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      'WEBHOOK_PING_LIMIT',
      ErrorKind.RateLimited,
      overLimit('test pings', limit, 'minute', 'WEBHOOK_PINGS_PER_MINUTE', retryAfterSeconds),
      { retryAfterSeconds },
    );
  }
}

/** Seconds a client with a full delivery queue is asked to wait. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 60;

/** The client's pending deliveries would pass WEBHOOK_CLIENT_QUEUE_LIMIT: 429 naming it. */
export class WebhookQueueFull extends DomainError {
  constructor(pending: number, adding: number, limit: number) {
    super(
      'WEBHOOK_QUEUE_FULL',
      ErrorKind.RateLimited,
      `Rate limit exceeded: this client has ${pending} webhook deliveries pending and this request would queue ${adding} more; a client may have at most ${limit} (WEBHOOK_CLIENT_QUEUE_LIMIT). Retry once some are delivered.`,
      { retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_SECONDS },
    );
  }
}

/** The partner CLI's single file is missing: the server runs from sources that were not built. */
export class PartnerCliNotBuilt extends DomainError {
  constructor() {
    super(
      'PARTNER_CLI_NOT_BUILT',
      ErrorKind.NotFound,
      'The partner CLI (pci.cjs) is not built on this server: its operator runs npm run build.',
    );
  }
}
