import { randomBytes } from 'node:crypto';
import {
  assertBlobKey,
  BlobKeys,
  canonicalJson,
  contentTypeOfKey,
  etagOfKey,
  InvalidBlobKey,
  isBlobKey,
} from './blob-keys';
import { sha256 } from '../../../test/support/sha256';

const SECRET = Buffer.alloc(32, 7);
const KEY_SHAPE = /^uploads\/([0-9a-f]{2})\/([0-9a-f]{64})\.png$/;

describe('BlobKeys', () => {
  const keys = new BlobKeys(SECRET);
  const bytes = Buffer.from('some artwork');

  it('makes `<namespace>/<2 hex>/<64 hex>.<ext>` keys whose shard is the hash prefix', () => {
    const key = keys.forContent('uploads', 'client-1', sha256(bytes), 'png');
    const m = KEY_SHAPE.exec(key);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(m![2].slice(0, 2));
    expect(isBlobKey(key)).toBe(true);
  });

  it('is an HMAC under the secret, not a bare hash of the content', () => {
    const key = keys.forContent('uploads', 'client-1', sha256(bytes), 'png');
    expect(key).not.toContain(sha256(bytes));
    // Another secret gives another key for the same content and scope: keys cannot be guessed.
    expect(
      new BlobKeys(randomBytes(32)).forContent('uploads', 'client-1', sha256(bytes), 'png'),
    ).not.toBe(key);
  });

  it('is stable: same secret, namespace, scope and content give the same key', () => {
    expect(keys.forContent('uploads', 'client-1', sha256(bytes), 'png')).toBe(
      new BlobKeys(Buffer.from(SECRET)).forContent(
        'uploads',
        'client-1',
        sha256(Buffer.from(bytes)),
        'png',
      ),
    );
    expect(keys.forInputs('renders', { a: 1, b: [2, 3] }, 'png')).toBe(
      keys.forInputs('renders', { b: [2, 3], a: 1 }, 'png'),
    );
  });

  it('gives different keys for different scopes, namespaces, contents and inputs', () => {
    const all = [
      keys.forContent('uploads', 'client-1', sha256(bytes), 'png'),
      keys.forContent('uploads', 'client-2', sha256(bytes), 'png'),
      keys.forContent('catalog', 'client-1', sha256(bytes), 'png'),
      keys.forContent('uploads', 'client-1', sha256(Buffer.from('other artwork')), 'png'),
      keys.forInputs('renders', { a: 1 }, 'png'),
      keys.forInputs('renders', { a: 2 }, 'png'),
      keys.forInputs('prints', { a: 1 }, 'png'),
    ].map((k) => k.split('/')[2]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps the extension out of the hash (the same blob as png or webp differs only there)', () => {
    const png = keys.forContent('uploads', 'c', sha256(bytes), 'png');
    const webp = keys.forContent('uploads', 'c', sha256(bytes), 'webp');
    expect(webp).toBe(png.replace(/\.png$/, '.webp'));
  });

  it('refuses a short secret and a namespace that is not a path segment', () => {
    expect(() => new BlobKeys(Buffer.alloc(31))).toThrow('at least 32 bytes');
    for (const namespace of ['', '..', 'Uploads', 'a/b', '9x', 'x'.repeat(33)]) {
      expect(() => keys.forContent(namespace, 'c', sha256(bytes), 'png')).toThrow(InvalidBlobKey);
    }
  });
});

describe('isBlobKey', () => {
  const hash = 'ab'.repeat(32);
  const good = `uploads/ab/${hash}.png`;

  it('accepts a well-formed key of each known extension', () => {
    expect(isBlobKey(good)).toBe(true);
    for (const ext of ['jpg', 'webp', 'gif', 'tif', 'pdf', 'zip', 'json', 'txt']) {
      expect(isBlobKey(`renders/ab/${hash}.${ext}`)).toBe(true);
    }
  });

  it.each([
    ['traversal', `../ab/${hash}.png`],
    ['traversal inside', `uploads/../ab/${hash}.png`],
    ['a trailing ..', `${good}/..`],
    ['an absolute path', `/${good}`],
    ['a backslash', `uploads\\ab\\${hash}.png`],
    ['an encoded slash', `uploads%2Fab%2F${hash}.png`],
    ['a shard other than the hash prefix', `uploads/cd/${hash}.png`],
    ['upper-case hex', `uploads/AB/${hash.toUpperCase()}.png`],
    ['a short hash', `uploads/ab/${hash.slice(1)}.png`],
    ['a long hash', `uploads/ab/${hash}0.png`],
    ['an unknown extension', `uploads/ab/${hash}.exe`],
    ['no extension', `uploads/ab/${hash}`],
    ['a double extension', `uploads/ab/${hash}.png.png`],
    ['a missing shard', `uploads/${hash}.png`],
    ['an extra segment', `x/uploads/ab/${hash}.png`],
    ['a trailing newline', `${good}\n`],
    ['an inherited property as extension', `uploads/ab/${hash}.toString`],
    ['an empty string', ''],
  ])('rejects %s', (_what, key) => {
    expect(isBlobKey(key)).toBe(false);
    expect(() => assertBlobKey(key)).toThrow(InvalidBlobKey);
  });
});

describe('contentTypeOfKey and etagOfKey', () => {
  const hash = '0f'.repeat(32);

  it('serves the type of the extension', () => {
    expect(contentTypeOfKey(`u/0f/${hash}.jpg`)).toBe('image/jpeg');
    expect(contentTypeOfKey(`u/0f/${hash}.txt`)).toBe('text/plain; charset=utf-8');
  });

  it('derives a strong, quoted ETag from the hash', () => {
    expect(etagOfKey(`u/0f/${hash}.png`)).toBe(`"${hash.slice(0, 40)}"`);
  });

  it('refuses what is not a key', () => {
    expect(() => contentTypeOfKey('../../etc/passwd')).toThrow(InvalidBlobKey);
    expect(() => etagOfKey('x')).toThrow(InvalidBlobKey);
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives equal text for equal values built in different orders', () => {
    const a: Record<string, unknown> = {};
    a.x = 1;
    a.y = { q: 1, p: 2 };
    const b = { y: { p: 2, q: 1 }, x: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('sorts by code unit, not by locale', () => {
    expect(canonicalJson({ b: 1, B: 2, a: 3, é: 4 })).toBe('{"B":2,"a":3,"b":1,"é":4}');
  });
});
