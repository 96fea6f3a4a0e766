import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptionFailed, FieldCipher } from './field-cipher';
import { KeyRing, loadKeyRing } from './key-ring';

const key = () => randomBytes(32).toString('base64');

describe('FieldCipher', () => {
  const ring = KeyRing.parse(`k2:${key()},k1:${key()}`);
  const cipher = new FieldCipher(ring);

  it('round-trips and never stores the plaintext', () => {
    const stored = cipher.encrypt('Jane Doe, 1 Main St', 'order-1');
    expect(stored).toMatch(/^v1\.k2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('Jane');
    expect(cipher.decrypt(stored, 'order-1')).toBe('Jane Doe, 1 Main St');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('same', 'c')).not.toEqual(cipher.encrypt('same', 'c'));
  });

  it('refuses a value moved to another context, or tampered with', () => {
    const stored = cipher.encrypt('secret', 'order-1');
    expect(() => cipher.decrypt(stored, 'order-2')).toThrow(DecryptionFailed);
    const parts = stored.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'order-1')).toThrow(DecryptionFailed);
  });

  it('decrypts values written under an older key after rotation', () => {
    const old = new FieldCipher(KeyRing.parse(`k1:${ring.get('k1')!.toString('base64')}`));
    const stored = old.encrypt('{"a":1}', 'ctx');
    expect(stored.split('.')[1]).toBe('k1');
    expect(cipher.decryptJson(stored, 'ctx')).toEqual({ a: 1 });
  });

  it('names an unknown key id', () => {
    const other = new FieldCipher(KeyRing.parse(`zz:${key()}`));
    expect(() => cipher.decrypt(other.encrypt('x', 'c'), 'c')).toThrow(
      'key zz is not in the key ring',
    );
  });
});

describe('loadKeyRing', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pci-keys-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('generates one key into the data directory, owner-readable only, and reuses it', async () => {
    const first = await loadKeyRing(undefined, dir);
    const second = await loadKeyRing(undefined, dir);
    expect(second.primary.key.equals(first.primary.key)).toBe(true);
    const file = join(dir, 'keys', 'data-encryption.keys');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^local-[\w-]{8}:/);
  });

  it('gives every generated key its own id, so a lost key file is noticed', async () => {
    const other = await mkdtemp(join(tmpdir(), 'pci-keys-'));
    try {
      const first = await loadKeyRing(undefined, dir);
      const second = await loadKeyRing(undefined, other);
      expect(second.primary.id).not.toBe(first.primary.id);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('prefers the configured key ring', async () => {
    const ring = await loadKeyRing(`prod1:${key()}`, dir);
    expect(ring.primary.id).toBe('prod1');
  });

  it('rejects a key id that appears twice', () => {
    expect(() => KeyRing.parse(`k1:${key()},k2:${key()},k1:${key()}`)).toThrow(
      'data key id k1 appears more than once',
    );
  });

  it('rejects keys that are not 32 bytes', () => {
    expect(() => KeyRing.parse(`short:${randomBytes(16).toString('base64')}`)).toThrow(
      'not 32 bytes',
    );
  });
});
