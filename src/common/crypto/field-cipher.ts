import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KeyRing } from './key-ring';

const VERSION = 'v1';
const IV_BYTES = 12;

export class DecryptionFailed extends Error {
  constructor(reason: string) {
    super(`could not decrypt a stored value: ${reason}`);
  }
}

/**
 * AES-256-GCM for personal data at rest. A stored value is
 * `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts): the key id travels with the value, so
 * rotated keys keep decrypting old rows. `context` (e.g. the row id) is bound as associated data,
 * so a value copied into another row does not decrypt.
 */
export class FieldCipher {
  constructor(private readonly keys: KeyRing) {}

  /** The ids of the keys it can decrypt with. */
  get keyIds(): string[] {
    return this.keys.keys.map((k) => k.id);
  }

  encrypt(plaintext: string, context: string): string {
    const { id, key } = this.keys.primary;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      id,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt(stored: string, context: string): string {
    const [version, keyId, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || ciphertext === undefined)
      throw new DecryptionFailed('unknown format');
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionFailed(`key ${keyId} is not in the key ring`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new DecryptionFailed('authentication failed');
    }
  }

  encryptJson(value: unknown, context: string): string {
    return this.encrypt(JSON.stringify(value), context);
  }

  decryptJson<T>(stored: string, context: string): T {
    return JSON.parse(this.decrypt(stored, context)) as T;
  }
}
