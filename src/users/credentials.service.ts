import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PasswordHasher } from '../common/crypto/password-hasher';
import { FailureCounter } from '../common/rate-limits/failure-counter';
import { CredentialsDto } from './dto/user.dto';
import { UserStatus } from './entities/user.entity';
import { CredentialsLocked } from './users.errors';
import { UsersRepository } from './users.repository';

/** The FailureCounter of sign-in failures per e-mail address (see UsersModule). */
export const CREDENTIAL_FAILURES = Symbol('CREDENTIAL_FAILURES');

/**
 * POST /api/user/check-credentials: the id of the active user with this e-mail and password, or
 * null. Every null costs the same: unknown addresses, users who have not accepted and disabled
 * users verify the password against a hash too (a fixed dummy where there is none). Attempts are
 * counted per address (a hash of it) until one succeeds: past the limit, the address is refused
 * for a while.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CREDENTIAL_FAILURES) private readonly failures: FailureCounter,
  ) {}

  async check(input: CredentialsDto): Promise<string | null> {
    const email = input.email.trim().toLowerCase();
    const key = createHash('sha256').update(email).digest('hex');
    // Counted before the check, so that concurrent guesses cannot outnumber the limit.
    const blockedMs = await this.failures.attempt(key);
    if (blockedMs > 0) throw new CredentialsLocked(blockedMs / 1000);
    const user = email.length <= 254 ? await this.repo.findByEmail(email) : null;
    const matches = await this.hasher.verifyOrDummy(user?.passwordHash ?? null, input.password);
    if (matches && user?.status === UserStatus.Active) {
      await this.failures.reset(key);
      return user.id;
    }
    return null;
  }
}
