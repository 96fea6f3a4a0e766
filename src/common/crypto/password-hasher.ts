import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id (`Algorithm.Argon2id` of @node-rs/argon2; its const enum is not importable here). */
const ARGON2ID = 2;

/**
 * OWASP's argon2id settings (19 MiB, 2 passes, 1 lane): about 50 ms on one core of these
 * machines, computed off the event loop.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Longest password hashed: a megabyte of password would only cost CPU. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Password hashes (argon2id, the only use of @node-rs/argon2). `verifyOrDummy` costs the same
 * whether or not there is a hash to check, so that the time of an answer does not tell whether an
 * account exists.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /**
   * Whether `password` matches `hashed`; with no hash, a verification against a fixed hash of a
   * random password is made anyway and the answer is false.
   */
  async verifyOrDummy(hashed: string | null, password: string): Promise<boolean> {
    const candidate = password.slice(0, MAX_PASSWORD_LENGTH);
    if (hashed === null) {
      this.dummy ??= hash(randomBytes(24).toString('base64url'), OPTIONS);
      await verify(await this.dummy, candidate).catch(() => false);
      return false;
    }
    return verify(hashed, candidate).catch(() => false);
  }
}
