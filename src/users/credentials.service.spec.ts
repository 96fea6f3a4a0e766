import { strictMock } from '../../test/support/strict-mock';
import { PasswordHasher } from '../common/crypto/password-hasher';
import { FailureCounter } from '../common/rate-limits/failure-counter';
import { RedisConnection } from '../common/redis/redis-connection';
import { CredentialsService } from './credentials.service';
import { UserStatus } from '../clients';
import { CredentialsLocked } from './users.errors';
import { UsersRepository } from './users.repository';

describe('CredentialsService (lockout per address and source)', () => {
  const noRedis = { client: null, key: (k: string) => k } as unknown as RedisConnection;
  const RIGHT = 'right password';
  const user = { id: 'u1', passwordHash: 'hash', status: UserStatus.Active };
  let service: CredentialsService;

  beforeEach(() => {
    const repo = strictMock<UsersRepository>({ findSignIn: () => Promise.resolve(user) });
    const hasher = strictMock<PasswordHasher>({
      verifyOrDummy: (_hash: string | null, password: string) =>
        Promise.resolve(password === RIGHT),
    });
    const rule = (limit: number) => ({ limit, windowMs: 60_000, blockMs: 60_000 });
    service = new CredentialsService(
      repo,
      hasher,
      new FailureCounter(noRedis, rule(3)),
      new FailureCounter(noRedis, rule(5)),
    );
  });
  const check = (password: string, source: string) =>
    service.check({ email: 'Jane@Example.com', password }, source);

  it('refuses a source the address after its failures, not another source', async () => {
    for (let i = 0; i < 3; i++) expect(await check('wrong', 'a')).toBeNull();
    await expect(check(RIGHT, 'a')).rejects.toBeInstanceOf(CredentialsLocked);
    expect(await check(RIGHT, 'b')).toBe('u1');
  });

  it('past the per-address ceiling lets only sources without failures try, once', async () => {
    for (const source of ['a', 'a', 'b', 'b', 'c']) expect(await check('wrong', source)).toBeNull();
    await expect(check(RIGHT, 'a')).rejects.toBeInstanceOf(CredentialsLocked);
    expect(await check('wrong', 'd')).toBeNull();
    await expect(check(RIGHT, 'd')).rejects.toBeInstanceOf(CredentialsLocked);
    expect(await check(RIGHT, 'e')).toBe('u1');
  });

  it('forgets a source’s failures when it succeeds', async () => {
    for (let i = 0; i < 2; i++) await check('wrong', 'a');
    expect(await check(RIGHT, 'a')).toBe('u1');
    for (let i = 0; i < 2; i++) expect(await check('wrong', 'a')).toBeNull();
  });
});
