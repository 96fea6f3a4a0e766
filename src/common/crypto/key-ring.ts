import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ensureOwnerOnlyDir, makeOwnerOnly } from '../files/owner-only';

export interface DataKey {
  id: string;
  key: Buffer;
}

/** The data-encryption keys: the first encrypts new data; all of them decrypt (rotation). */
export class KeyRing {
  private readonly byId: Map<string, Buffer>;

  constructor(readonly keys: readonly DataKey[]) {
    if (keys.length === 0) throw new Error('the key ring is empty');
    const seen = new Set<string>();
    for (const k of keys) {
      if (k.key.length !== 32) throw new Error(`data key ${k.id} is not 32 bytes`);
      // A stored value names its key: two keys under one id would make it ambiguous.
      if (seen.has(k.id)) throw new Error(`data key id ${k.id} appears more than once`);
      seen.add(k.id);
    }
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get primary(): DataKey {
    return this.keys[0];
  }

  get(id: string): Buffer | undefined {
    return this.byId.get(id);
  }

  /** Parses `keyId:base64Key[,keyId:base64Key…]` (DATA_ENCRYPTION_KEYS). */
  static parse(spec: string): KeyRing {
    const keys = spec
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [id, encoded] = entry.split(':');
        return {
          id,
          key: Buffer.from(
            encoded,
            encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64',
          ),
        };
      });
    return new KeyRing(keys);
  }
}

const KEY_FILE = 'data-encryption.keys';
/** Where embedded mode keeps its generated key ring. */
export const KEY_FILE_PATH = (dataDir: string): string => join(dataDir, 'keys', KEY_FILE);

/**
 * The key ring from DATA_ENCRYPTION_KEYS, or (embedded mode only: the configuration requires the
 * variable with DATABASE_URL) the one kept in `<dataDir>/keys`, generated on first use with
 * owner-only permissions.
 */
export async function loadKeyRing(spec: string | undefined, dataDir: string): Promise<KeyRing> {
  if (spec) return KeyRing.parse(spec);
  const file = KEY_FILE_PATH(dataDir);
  const dir = dirname(file);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) {
    await makeOwnerOnly(dir); // a key file copied or restored with wider permissions
    return KeyRing.parse(existing.trim());
  }
  await ensureOwnerOnlyDir(dir);
  // A unique id: data written under a lost key file is then reported at start-up (missing key id),
  // not mistaken for data of the newly generated key.
  const generated = `local-${randomBytes(6).toString('base64url')}:${randomBytes(32).toString('base64')}`;
  // 'wx' fails if another process created the file meanwhile; then use theirs.
  const created = await writeFile(file, `${generated}\n`, { flag: 'wx', mode: 0o600 }).then(
    () => true,
    () => false,
  );
  if (!created) return KeyRing.parse((await readFile(file, 'utf8')).trim());
  await chmod(file, 0o600);
  return KeyRing.parse(generated);
}

/**
 * A 32-byte secret for `purpose` (e.g. blob keys), derived with HKDF from the primary data key, so
 * no other secret needs configuring. Rotating the primary key changes the derived secret.
 */
export function deriveSecret(keys: KeyRing, purpose: string): Buffer {
  return derive(keys.primary.key, purpose);
}

/**
 * One secret for `purpose` per data key, under the key's id, primary first: for what signs with
 * the newest key and verifies with every one (signed URLs), so rotation keeps old links valid.
 */
export function deriveSecrets(keys: KeyRing, purpose: string): { id: string; secret: Buffer }[] {
  return keys.keys.map((k) => ({ id: k.id, secret: derive(k.key, purpose) }));
}

function derive(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));
}
