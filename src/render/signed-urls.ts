import { createHmac, timingSafeEqual } from 'node:crypto';

/** Query parameters a signed URL carries (never part of a render's cache key). */
export const SIGNATURE_PARAMS = ['expires', 'keyId', 'signature'] as const;

export interface SigningKey {
  id: string;
  secret: Buffer;
}

export type SignatureCheck =
  | { valid: true; expiresAt: Date }
  | { valid: false; reason: 'unsigned' | 'malformed' | 'expired' | 'unknown-key' | 'mismatch' };

/**
 * Signed render URLs (DESIGN §9): an HMAC over the path and the other query parameters (sorted,
 * so their order does not matter) and an expiry. The first key signs; every key verifies, so keys
 * rotate without breaking links already sent. The signature parameters are not part of what is
 * rendered, so signed and unsigned URLs share the stored render.
 */
export class UrlSigner {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SigningKey[]) {
    if (keys.length === 0) throw new Error('URL signing needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, k.secret]));
  }

  /** `pathAndQuery` (e.g. `/api/assets/generated/…/north?width=200`) with its signature added. */
  sign(pathAndQuery: string, expiresAt: Date): string {
    const url = new URL(pathAndQuery, 'http://signing.invalid');
    for (const p of SIGNATURE_PARAMS) url.searchParams.delete(p);
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    const { id, secret } = this.keys[0];
    url.searchParams.set('expires', expires);
    url.searchParams.set('keyId', id);
    url.searchParams.set('signature', mac(secret, url.pathname, url.searchParams, expires));
    return `${url.pathname}${url.search}`;
  }

  /** Whether `pathAndQuery` carries a valid, unexpired signature at `now`. */
  verify(pathAndQuery: string, now: Date): SignatureCheck {
    const url = new URL(pathAndQuery, 'http://signing.invalid');
    const [expires, keyId, signature] = SIGNATURE_PARAMS.map((p) => url.searchParams.get(p));
    if (expires === null && signature === null) return { valid: false, reason: 'unsigned' };
    if (!expires || !/^\d{1,12}$/.test(expires) || !keyId || !signature)
      return { valid: false, reason: 'malformed' };
    const secret = this.byId.get(keyId);
    if (!secret) return { valid: false, reason: 'unknown-key' };
    const expected = Buffer.from(mac(secret, url.pathname, url.searchParams, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { valid: false, reason: 'mismatch' };
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return { valid: false, reason: 'expired' };
    return { valid: true, expiresAt };
  }
}

function mac(secret: Buffer, path: string, params: URLSearchParams, expires: string): string {
  const signed = [...params.entries()]
    .filter(([k]) => !(SIGNATURE_PARAMS as readonly string[]).includes(k))
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return createHmac('sha256', secret)
    .update(`${path.toLowerCase()}\n${signed}\n${expires}`)
    .digest('base64url');
}
