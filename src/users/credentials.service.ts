import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PasswordHasher } from '../common/crypto/password-hasher';
import { FailureCounter } from '../common/rate-limits/failure-counter';
import { CredentialsDto } from './dto/user.dto';
import { UserStatus } from '../clients';
import { CredentialsLocked } from './users.errors';
import { UsersRepository } from './users.repository';

/** The FailureCounter of sign-in failures per e-mail address and source (see UsersModule). */
export const CREDENTIAL_FAILURES = Symbol('CREDENTIAL_FAILURES');
/** The FailureCounter of sign-in failures per e-mail address, from all sources. */
export const ADDRESS_FAILURES = Symbol('ADDRESS_FAILURES');

/**
 * POST /api/user/check-credentials: the id of the active user with this e-mail and password, or
 * null. Every null costs the same: unknown addresses, users who have not accepted and disabled
 * users verify the password against a hash too (a fixed dummy where there is none).
 *
 * Guessing is limited without letting strangers lock a user out: failures are counted per
 * address and source (a hash of both) until one succeeds, and past the limit that source is
 * refused the address for a while. Failures of the address from all sources count towards a much
 * higher ceiling; past it, only a source that has not failed for the address in the window may
 * try, once: the real user, from where they sign in, still gets in, while each source of a
 * distributed guesser gets one guess.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CREDENTIAL_FAILURES) private readonly failures: FailureCounter,
    @Inject(ADDRESS_FAILURES) private readonly addressFailures: FailureCounter,
  ) {}

  /**
   * `source`: the caller's address (as `trust proxy` tells it). `sandboxClientId`: a sandbox
   * client's token came with the request; its own users answer, and only they. Any other caller
   * (no token, a live one) is answered from live users alone: a sandbox user's address and
   * password answer null, like an unknown user's (docs/design.md §3).
   */
  async check(
    input: CredentialsDto,
    source: string,
    sandboxClientId?: string,
  ): Promise<string | null> {
    const email = input.email.trim().toLowerCase();
    // A sandbox client's guesses count apart from the live world's (and lock only its own users).
    const scoped = sandboxClientId === undefined ? email : `${sandboxClientId}\n${email}`;
    const pair = hash(`${scoped}\n${source}`);
    // Counted before the check, so that concurrent guesses cannot outnumber the limits.
    const fromSource = await this.failures.attemptCounted(pair);
    if (fromSource.blockedMs > 0) throw new CredentialsLocked(fromSource.blockedMs / 1000);
    const overall = await this.addressFailures.attemptCounted(hash(scoped));
    if (overall.blockedMs > 0 && fromSource.attempts > 1)
      throw new CredentialsLocked(overall.blockedMs / 1000);
    const user = email.length <= 254 ? await this.repo.findSignIn(email, sandboxClientId) : null;
    const matches = await this.hasher.verifyOrDummy(user?.passwordHash ?? null, input.password);
    if (matches && user?.status === UserStatus.Active) {
      await this.failures.reset(pair);
      return user.id;
    }
    return null;
  }
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
