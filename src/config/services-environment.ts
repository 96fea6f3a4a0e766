import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsUrl, Matches } from 'class-validator';
import { IntBetween, toBool } from './env-rules';
import { WebhooksEnvironment } from './webhooks-environment';

/** The optional variables of this file, which have no default (parseEnvironment reads them). */
export const OPTIONAL_SERVICE_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'SMS_WEBHOOK_URL',
];

/**
 * The environment variables of the external services the service may use: the blob store (a
 * directory, or S3) and message delivery (SMTP for e-mail, an HTTP provider for SMS). Part of
 * {@link Environment}.
 */
export class ServicesEnvironment extends WebhooksEnvironment {
  @IsIn(['directory', 's3'])
  BLOB_STORE: 'directory' | 's3' = 'directory';

  // S3_*: the bucket of BLOB_STORE=s3 (required there: see s3Problems).
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, {
    message:
      'S3_BUCKET must be a bucket name (letters, digits, ".", "_" and "-", 3-255 characters)',
  })
  S3_BUCKET?: string;

  @Matches(/^[a-z0-9][a-z0-9-]{0,62}$/, {
    message: 'S3_REGION must be a region name such as us-east-1',
  })
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsUrl(
    {
      require_tld: false,
      require_protocol: true,
      protocols: ['http', 'https'],
      disallow_auth: true,
    },
    {
      message:
        'S3_ENDPOINT must be an http:// or https:// URL without credentials (give those in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
    },
  )
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^\S+$/, { message: 'S3_ACCESS_KEY_ID must not contain spaces' })
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @Matches(/^\S+$/, { message: 'S3_SECRET_ACCESS_KEY must not contain spaces' })
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBool)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  @Matches(/^([A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?)?$/, {
    message:
      'S3_PREFIX must be path segments of letters, digits, ".", "_" and "-" separated by "/" (e.g. blobs/ or env/prod), none starting with "."',
  })
  S3_PREFIX = '';

  // Message delivery (src/messages). Without SMTP_URL (or SMS_WEBHOOK_URL) messages of that
  // channel stay in the outbox: `npm run cli -- outbox list` shows them.
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/]+\/?$/, {
    message:
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
  })
  SMTP_URL?: string;

  @Matches(/^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an address, or a name and an address: Shop <no-reply@example.com>',
  })
  MAIL_FROM = 'Product Customizer <no-reply@localhost>';

  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'SMS_WEBHOOK_URL must be an http:// or https:// URL' },
  )
  SMS_WEBHOOK_URL?: string;

  // Users (src/users): POST /api/user/check-credentials attempts one source address may make a
  // minute (each e-mail address is also refused for 15 minutes to a source after 10 failures
  // from it).
  @IntBetween(60, 100_000)
  CREDENTIALS_RATE_LIMIT = 120;

  /**
   * Failed checks of one e-mail address within 15 minutes, from all sources together, past which
   * only a source that has not failed for it may try (once) for 15 minutes.
   */
  @IntBetween(10, 100_000)
  CREDENTIALS_ADDRESS_FAILURE_LIMIT = 100;

  /** Invitation e-mails (new and sent again) one client may have sent per UTC day. */
  @IntBetween(1, 100_000)
  INVITATION_DAILY_LIMIT = 200;

  /** A console session ends after this many minutes without a request (src/users/sessions). */
  @IntBetween(5, 1440)
  SESSION_IDLE_MINUTES = 30;

  /** A console session ends this many hours after sign-in, however busy. */
  @IntBetween(1, 720)
  SESSION_LIFETIME_HOURS = 12;
}

/** What the services' variables get wrong together (each alone is checked by its rule). */
export function servicesProblems(env: ServicesEnvironment): string[] {
  return s3Problems(env);
}

/**
 * BLOB_STORE=s3 needs a bucket; explicit credentials come as a pair (without them the AWS SDK's
 * default chain applies: AWS_* variables, shared config files, the instance or task role).
 */
function s3Problems(env: ServicesEnvironment): string[] {
  if (env.BLOB_STORE !== 's3') return [];
  const problems: string[] = [];
  if (!env.S3_BUCKET)
    problems.push(
      'S3_BUCKET is required when BLOB_STORE=s3: the name of the bucket blobs are kept in',
    );
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's default credential chain",
    );
  return problems;
}
