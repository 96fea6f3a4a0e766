import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { IntBetween, toBool } from './env-rules';

/** The Standard Webhooks retry schedule: seconds before each attempt (the first at once). */
export const STANDARD_RETRY_SCHEDULE = '0,5,300,1800,7200,18000,36000,50400,72000,86400';

/**
 * The environment variables of events and webhooks (src/webhooks): where deliveries may go, how
 * long one may take, when it is retried, and how long events are kept. Part of
 * {@link Environment}.
 */
export class WebhooksEnvironment {
  /**
   * Lets endpoints use http and private, loopback and link-local targets (development, tests).
   * Unset: true where demo data is seeded (the server then answers this machine only, and the
   * demo's webhook examples name a receiver on it), false otherwise.
   */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS?: boolean;

  /**
   * The ports endpoint URLs may name: comma-separated, or `any`. Unset: 443 and 8443 (any with
   * WEBHOOK_ALLOW_PRIVATE_TARGETS, for receivers on local ports).
   */
  @IsOptional()
  @Matches(/^\s*(any|\d{1,5}\s*(,\s*\d{1,5}\s*){0,49})$/i, {
    message:
      'WEBHOOK_ALLOWED_PORTS must be `any` or comma-separated port numbers, such as 443,8443',
  })
  WEBHOOK_ALLOWED_PORTS?: string;

  /** How long one DNS lookup of an endpoint's host may take. */
  @IntBetween(100, 30_000)
  WEBHOOK_DNS_TIMEOUT_MS = 5000;

  /** DNS lookups of its endpoints' hosts one client may have under way at once (per process). */
  @IntBetween(1, 100)
  WEBHOOK_DNS_CONCURRENCY = 4;

  /** DNS lookups (answers not kept from an earlier one) one client may start a minute (per process). */
  @IntBetween(1, 100_000)
  WEBHOOK_DNS_LOOKUPS_PER_MINUTE = 60;

  @IntBetween(100, 60_000)
  WEBHOOK_TIMEOUT_MS = 15_000;

  @Matches(/^\s*\d{1,6}\s*(,\s*\d{1,6}\s*){0,19}$/, {
    message:
      'WEBHOOK_RETRY_SCHEDULE must be 1-20 comma-separated delays in seconds before each attempt, such as 0,5,300,1800',
  })
  WEBHOOK_RETRY_SCHEDULE = STANDARD_RETRY_SCHEDULE;

  @IntBetween(1, 24 * 365)
  WEBHOOK_DISABLE_AFTER_HOURS = 120;

  @IntBetween(1, 1000)
  WEBHOOK_MAX_ENDPOINTS = 10;

  /** Endpoints one client may create a UTC day (deleted ones count too). */
  @IntBetween(1, 100_000)
  WEBHOOK_ENDPOINT_DAILY_CREATIONS = 50;

  @IntBetween(1, 3650)
  EVENT_RETENTION_DAYS = 30;

  /** Delivery attempts one client may have in flight at once, per worker process. */
  @IntBetween(1, 128)
  WEBHOOK_CLIENT_CONCURRENCY = 32;

  /** Pending delivery attempts one client may have before replays, redeliveries and pings get 429. */
  @IntBetween(100, 10_000_000)
  WEBHOOK_CLIENT_QUEUE_LIMIT = 20_000;

  /** Replays one client may ask for per hour. */
  @IntBetween(1, 10_000)
  WEBHOOK_REPLAYS_PER_HOUR = 20;

  /** Test pings one client may send per minute. */
  @IntBetween(1, 10_000)
  WEBHOOK_PINGS_PER_MINUTE = 10;

  /** Failed attempts in a row that open an endpoint's circuit breaker. */
  @IntBetween(1, 1000)
  WEBHOOK_BREAKER_FAILURES = 5;

  /** How long an endpoint's circuit breaker first stays open (doubled as failures go on). */
  @IntBetween(1, 3600)
  WEBHOOK_BREAKER_OPEN_SECONDS = 30;
}
