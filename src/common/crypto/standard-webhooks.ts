import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing of outgoing webhooks per Standard Webhooks 1.0 (standardwebhooks.com), so partners can
 * verify them with any of that spec's libraries. A secret is `whsec_` + base64 of the key; the
 * signature covers `${webhook-id}.${webhook-timestamp}.${body}`, binding the body to its id
 * (replays are recognisable) and its time (receivers reject stale ones).
 */
const PREFIX = 'whsec_';
/** The spec asks for keys of 24 to 64 bytes; newWebhookSecret makes 32. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/** 'whsec_' + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes of a `whsec_` secret; throws on anything else rather than signing with junk. */
function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : undefined;
  // Buffer.from(…, 'base64') skips invalid characters silently, so check the form first.
  if (encoded === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
    throw new Error('a webhook secret is whsec_ followed by base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES)
    throw new Error(`a webhook secret holds ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes`);
  return key;
}

/**
 * The webhook-signature header value: 'v1,<base64 HMAC-SHA256 of `${id}.${timestampSeconds}.${body}`>'
 * per secret (key = base64-decoded part after 'whsec_'), space-separated, in the given order.
 * Several secrets let a rotation overlap: receivers holding either the old or the new secret
 * find a signature they can check.
 */
export function signWebhook(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  if (secrets.length === 0) throw new Error('signing a webhook needs at least one secret');
  // The timestamp is signed as its decimal text, which must equal the webhook-timestamp header.
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new Error('the webhook timestamp is whole seconds since the epoch');
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', keyOf(secret)).update(content, 'utf8').digest('base64')}`,
    )
    .join(' ');
}
