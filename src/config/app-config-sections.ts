import type { Environment } from './environment';
import type { S3Settings } from '../common/settings/section-settings';
import { splitList, unique } from './env-values';

/**
 * The sections of AppConfig that one feature module each reads (messages, users, webhooks), and
 * the S3 store's: their types, and how each is read from the parsed environment.
 */

/** Message delivery (src/messages): a channel without its setting keeps its messages. */
export interface MessageSettings {
  /** `smtp://` or `smtps://`, with credentials if any. Never logged. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  from: string;
  /** Where SMS are POSTed as `{"to", "body"}`. Never logged (it may hold a key). */
  smsWebhookUrl: string | undefined;
}

/** Users (src/users): invitations and credential checks. */
export interface UserSettings {
  /** How long an invitation link works. */
  invitationDays: number;
  /** Invitation e-mails one client may have sent per UTC day. */
  invitationDailyLimit: number;
  /** check-credentials attempts one source address may make a minute. */
  credentialsPerMinute: number;
  /** Failed checks of one e-mail address from one source within the window that block the pair. */
  failures: { limit: number; windowMs: number; blockMs: number };
  /** Failed checks of one e-mail address from all sources past which only fresh sources may try. */
  addressFailures: { limit: number; windowMs: number; blockMs: number };
  /** Console sessions: the idle timeout and the absolute lifetime. */
  sessions: { idleMs: number; lifetimeMs: number };
}

/** Events and webhooks (src/webhooks). */
export interface WebhookSettings {
  /** http and private, loopback and link-local targets allowed (development and tests). */
  allowPrivateTargets: boolean;
  /** The ports endpoint URLs may name; null: any. */
  allowedPorts: readonly number[] | null;
  /** One DNS lookup of an endpoint's host: its timeout, and the lookups per client. */
  dns: { timeoutMs: number; concurrent: number; perMinute: number };
  /** How long one delivery attempt may take. */
  timeoutMs: number;
  /** Seconds before each attempt at an event: its length is the number of attempts. */
  retrySchedule: number[];
  /** An endpoint whose deliveries all failed this long is disabled. */
  disableAfterMs: number;
  maxEndpoints: number;
  /** Endpoints one client may create a UTC day. */
  endpointDailyCreations: number;
  eventRetentionDays: number;
  /** Attempts one client may have in flight at once, per worker process. */
  clientConcurrency: number;
  /** Pending attempts one client may have before replays, redeliveries and pings are refused. */
  clientQueueLimit: number;
  replaysPerHour: number;
  pingsPerMinute: number;
  /** Each endpoint's circuit breaker (src/webhooks/circuit-breaker.ts). */
  breaker: { failures: number; openSeconds: number };
}

/** The message section: where e-mail and SMS go, and whom e-mail is from. */
export function messageSettings(env: Environment): MessageSettings {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
  };
}

/**
 * The webhook section: where deliveries may go, their timing, retries and per-client limits.
 * Private targets are allowed as WEBHOOK_ALLOW_PRIVATE_TARGETS says, else where demo data is
 * seeded (`seedDemo`).
 */
export function webhookSettings(env: Environment, seedDemo: boolean): WebhookSettings {
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? seedDemo;
  return {
    allowPrivateTargets: allowPrivate,
    allowedPorts: allowedPorts(env.WEBHOOK_ALLOWED_PORTS, allowPrivate),
    dns: {
      timeoutMs: env.WEBHOOK_DNS_TIMEOUT_MS,
      concurrent: env.WEBHOOK_DNS_CONCURRENCY,
      perMinute: env.WEBHOOK_DNS_LOOKUPS_PER_MINUTE,
    },
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    retrySchedule: env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim())),
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    maxEndpoints: env.WEBHOOK_MAX_ENDPOINTS,
    endpointDailyCreations: env.WEBHOOK_ENDPOINT_DAILY_CREATIONS,
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
    clientConcurrency: env.WEBHOOK_CLIENT_CONCURRENCY,
    clientQueueLimit: env.WEBHOOK_CLIENT_QUEUE_LIMIT,
    replaysPerHour: env.WEBHOOK_REPLAYS_PER_HOUR,
    pingsPerMinute: env.WEBHOOK_PINGS_PER_MINUTE,
    breaker: {
      failures: env.WEBHOOK_BREAKER_FAILURES,
      openSeconds: env.WEBHOOK_BREAKER_OPEN_SECONDS,
    },
  };
}

/** The user section: invitations, and the limits on credential checks. */
export function userSettings(env: Environment): UserSettings {
  return {
    invitationDays: 7,
    invitationDailyLimit: env.INVITATION_DAILY_LIMIT,
    credentialsPerMinute: env.CREDENTIALS_RATE_LIMIT,
    failures: { limit: 10, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
    addressFailures: {
      limit: env.CREDENTIALS_ADDRESS_FAILURE_LIMIT,
      windowMs: 15 * 60_000,
      blockMs: 15 * 60_000,
    },
    sessions: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      lifetimeMs: env.SESSION_LIFETIME_HOURS * 60 * 60_000,
    },
  };
}

/** The bucket of BLOB_STORE=s3 (S3_* variables, validated at boot), its secret not enumerable. */
export function s3Settings(env: Environment): S3Settings {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
  // Not enumerable: whatever prints the configuration does not print the secret.
  if (credentials) Object.defineProperty(credentials, 'secretAccessKey', { enumerable: false });
  const prefix = env.S3_PREFIX.replace(/\/+$/, '');
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** WEBHOOK_ALLOWED_PORTS: `any` is null; unset, 443 and 8443 (any with private targets allowed). */
function allowedPorts(value: string | undefined, allowPrivate: boolean): number[] | null {
  if (value === undefined || value.trim() === '') return allowPrivate ? null : [443, 8443];
  if (value.trim().toLowerCase() === 'any') return null;
  return unique(splitList(value).map(Number));
}
