import { createHmac } from 'node:crypto';

/** File extensions a blob key may end in, with the content type served for each. */
export const BLOB_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  tif: 'image/tiff',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
} as const;

export type BlobExtension = keyof typeof BLOB_CONTENT_TYPES;

/** `<namespace>/<2 hex>/<64 hex>.<ext>`: safe as a path and as a URL, and never `..`. */
const KEY = /^([a-z][a-z0-9-]{0,31})\/([0-9a-f]{2})\/([0-9a-f]{64})\.([a-z]{2,4})$/;

export class InvalidBlobKey extends Error {
  constructor(key: string) {
    super(`not a blob key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** True when `key` has the shape every store accepts (see {@link BlobKeys}). */
export function isBlobKey(key: string): boolean {
  const m = KEY.exec(key);
  return !!m && m[2] === m[3].slice(0, 2) && m[4] in BLOB_CONTENT_TYPES;
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKey(key);
}

/** The content type a key is served with. */
export function contentTypeOfKey(key: string): string {
  assertBlobKey(key);
  return BLOB_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as BlobExtension];
}

/** Strong ETag of a blob: its key's hash part (a key names one content forever). */
export function etagOfKey(key: string): string {
  assertBlobKey(key);
  return `"${KEY.exec(key)![3].slice(0, 40)}"`;
}

/**
 * Blob keys (docs/design.md §9). Private content gets a key that is an HMAC under a server secret
 * of its scope (e.g. the client) and content, or of the inputs it derives from: stable, so the same
 * bytes or inputs map to the same object, but impossible to guess or enumerate.
 */
export class BlobKeys {
  constructor(private readonly secret: Buffer) {
    if (secret.length < 32) throw new Error('the blob key secret must be at least 32 bytes');
  }

  /**
   * Key of content stored for `scope` (e.g. a client id) in `namespace`, by the content's SHA-256
   * (hex, see sha256Hex: hashed once by the caller, off a single stretch of the event loop).
   */
  forContent(namespace: string, scope: string, sha256: string, ext: BlobExtension): string {
    return this.key(namespace, `content\n${scope}\n${sha256}`, ext);
  }

  /** Key of something derived from `inputs` (any JSON value; object keys are sorted). */
  forInputs(namespace: string, inputs: unknown, ext: BlobExtension): string {
    return this.key(namespace, `inputs\n${canonicalJson(inputs)}`, ext);
  }

  private key(namespace: string, message: string, ext: BlobExtension): string {
    const mac = createHmac('sha256', this.secret).update(`${namespace}\n${message}`).digest('hex');
    const key = `${namespace}/${mac.slice(0, 2)}/${mac}.${ext}`;
    assertBlobKey(key);
    return key;
  }
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}
