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
  /** A hash of a random password, made at start-up: what absent users are verified against. */
  private readonly dummy: Promise<string> = hash(randomBytes(24).toString('base64url'), OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /**
   * Whether `password` matches `hashed`; with no hash (or a password longer than any that can
   * be set), a verification against a fixed hash of a random password is made anyway and the
   * answer is false.
   */
  async verifyOrDummy(hashed: string | null, password: string): Promise<boolean> {
    // Longer than any password set: no match, in the time of a verification all the same.
    const usable = hashed !== null && password.length <= MAX_PASSWORD_LENGTH;
    if (!usable) {
      await verify(await this.dummy, password.slice(0, MAX_PASSWORD_LENGTH)).catch(() => false);
      return false;
    }
    return verify(hashed, password).catch(() => false);
  }
}
