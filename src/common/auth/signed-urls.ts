import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathAmbiguity, rawPathOf } from './unambiguous-path';

/**
 * Query parameters a signed URL carries: whom it was signed for, until when, with which key, and
 * the signature. Never part of what a route computes (a render's cache key ignores them).
 */
export const SIGNATURE_PARAMS = ['client', 'expires', 'keyId', 'signature'] as const;

export interface SigningKey {
  id: string;
  secret: Buffer;
}

export type SignatureCheck =
  | { valid: true; clientHandle: string; expiresAt: Date }
  | { valid: false; reason: 'unsigned' | 'malformed' | 'expired' | 'unknown-key' | 'mismatch' }
  | { valid: false; reason: 'ambiguous-path'; problem: string };

/**
 * Signed URLs (docs/design.md §9): an HMAC over the path, the other query parameters (sorted, so
 * their order does not matter), the client the link acts for and an expiry. The first key signs;
 * every key verifies, so keys rotate without breaking links already sent.
 *
 * The path is verified exactly as the router reads it (raw, not normalised): a URL normaliser
 * would turn `…/OTHER/north/camera/a\..\..\SIGNED\north` into the signed path while Express routes
 * OTHER. A path that the two could read differently (see pathAmbiguity) is neither signed nor
 * verified.
 */
export class UrlSigner {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SigningKey[]) {
    if (keys.length === 0) throw new Error('URL signing needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, k.secret]));
  }

  /** `pathAndQuery` (e.g. `/api/assets/generated/…/north?width=200`) with its signature added. */
  sign(pathAndQuery: string, grant: { clientHandle: string; expiresAt: Date }): string {
    const url = new URL(pathAndQuery, 'http://signing.invalid');
    for (const p of SIGNATURE_PARAMS) url.searchParams.delete(p);
    const expires = String(Math.floor(grant.expiresAt.getTime() / 1000));
    const problem = pathAmbiguity(url.pathname);
    if (problem !== undefined) throw new Error(`cannot sign a path containing ${problem}`);
    const { id, secret } = this.keys[0];
    const signed = { client: grant.clientHandle, expires, keyId: id };
    for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value);
    url.searchParams.set('signature', mac(secret, url.pathname, url.searchParams));
    return `${url.pathname}${url.search}`;
  }

  /**
   * Whether `pathAndQuery`, the request target as it came (Express's `req.originalUrl`), carries
   * a valid, unexpired signature at `now`.
   */
  verify(pathAndQuery: string, now: Date): SignatureCheck {
    const path = rawPathOf(pathAndQuery);
    const params = new URLSearchParams(pathAndQuery.slice(path.length + 1));
    const [client, expires, keyId, signature] = SIGNATURE_PARAMS.map((p) => params.getAll(p));
    if (signature.length === 0) return { valid: false, reason: 'unsigned' };
    const problem = pathAmbiguity(path);
    if (problem !== undefined) return { valid: false, reason: 'ambiguous-path', problem };
    // Exactly one of each: a repeated parameter would leave open which one was signed.
    if ([client, expires, keyId, signature].some((values) => values.length !== 1))
      return { valid: false, reason: 'malformed' };
    if (!/^\d{1,12}$/.test(expires[0]) || !client[0]) return { valid: false, reason: 'malformed' };
    const secret = this.byId.get(keyId[0]);
    if (!secret) return { valid: false, reason: 'unknown-key' };
    const expected = Buffer.from(mac(secret, path, params));
    const given = Buffer.from(signature[0]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { valid: false, reason: 'mismatch' };
    const expiresAt = new Date(Number(expires[0]) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return { valid: false, reason: 'expired' };
    return { valid: true, clientHandle: client[0], expiresAt };
  }
}

/** The MAC over the path and every parameter but the signature (client, expiry and key id too). */
function mac(secret: Buffer, path: string, params: URLSearchParams): string {
  const signed = [...params.entries()]
    .filter(([k]) => k !== 'signature')
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return createHmac('sha256', secret)
    .update(`${path.toLowerCase()}\n${signed}`)
    .digest('base64url');
}
