import { randomBytes } from 'node:crypto';
import { ConfigValidationError, Environment, parseEnvironment } from './environment';

function configError(env: NodeJS.ProcessEnv): ConfigValidationError {
  try {
    parseEnvironment(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigValidationError);
    return e as ConfigValidationError;
  }
  throw new Error('expected parseEnvironment to throw');
}

describe('parseEnvironment', () => {
  it('returns an Environment with every default for an empty env', () => {
    const env = parseEnvironment({});
    expect(env).toBeInstanceOf(Environment);
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      API_TOKEN_HEADERS: 'SPECTRUM_API_TOKEN',
      CORS_ORIGINS: '',
      LOG_LEVEL: 'info',
      JSON_BODY_LIMIT: '5mb',
      MIGRATIONS_RUN: true,
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
    // Its default depends on the demo data (AppConfig.host).
    expect(env.HOST).toBeUndefined();
  });

  it('converts numeric and boolean strings and ignores unrelated variables', () => {
    const env = parseEnvironment({
      PORT: ' 8081 ',
      DATABASE_POOL_SIZE: '3',
      SEED_DEMO: 'no',
      TRUST_PROXY: 'yes',
      PATH: '/bin',
    });
    expect(env.PORT).toBe(8081);
    expect(env.DATABASE_POOL_SIZE).toBe(3);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env).not.toHaveProperty('PATH');
  });

  it('rejects a boolean it cannot read', () => {
    expect(configError({ TRUST_PROXY: 'maybe' }).problems).toEqual([
      'TRUST_PROXY must be a boolean value (got "maybe")',
    ]);
  });

  it('throws one error naming every bad variable at once', () => {
    const err = configError({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      JSON_BODY_LIMIT: 'huge',
    });
    expect(err.name).toBe('ConfigValidationError');
    expect(err.message.startsWith('Invalid configuration:\n  - ')).toBe(true);
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'JSON_BODY_LIMIT']) {
      expect(err.message).toContain(name);
      expect(err.problems.some((p) => p.startsWith(name))).toBe(true);
    }
    expect(err.problems).toContain('PORT must be an integer number (got "abc")');
    expect(err.problems).toContain(
      'JSON_BODY_LIMIT must be a size such as 512kb or 5mb (got "huge")',
    );
    expect(err.problems).toContain('DATABASE_URL must be a postgres:// URL (got "<redacted>")');
    expect(err.message).toContain('LOG_LEVEL must be one of the following values');
  });

  it('never echoes the DATABASE_URL or REDIS_URL value', () => {
    const err = configError({
      DATABASE_URL: 'mysql://admin:hunter2@db/x',
      REDIS_URL: 'http://:s3cret@cache',
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    });
    expect(err.message).not.toContain('hunter2');
    expect(err.message).not.toContain('s3cret');
    expect(err.problems).toEqual([
      'DATABASE_URL must be a postgres:// URL (got "<redacted>")',
      'REDIS_URL must be a redis:// or rediss:// URL (got "<redacted>")',
    ]);
  });

  it('checks message delivery settings, never echoing SMTP_URL or SMS_WEBHOOK_URL', () => {
    const err = configError({
      SMTP_URL: 'http://user:hunter2@mail.example.com',
      SMS_WEBHOOK_URL: 'ftp://sms.example.com/?key=s3cret',
      MAIL_FROM: 'nobody',
    });
    expect(err.message).not.toContain('hunter2');
    expect(err.message).not.toContain('s3cret');
    expect(err.problems).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (got "<redacted>")',
      'MAIL_FROM must be an address, or a name and an address: Shop <no-reply@example.com> (got "nobody")',
      'SMS_WEBHOOK_URL must be an http:// or https:// URL (got "<redacted>")',
    ]);
    const ok = parseEnvironment({
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      MAIL_FROM: 'Acme Shop <no-reply@acme.example>',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send?key=k',
    });
    expect(ok).toMatchObject({ MAIL_FROM: 'Acme Shop <no-reply@acme.example>' });
    expect(parseEnvironment({}).MAIL_FROM).toBe('Product Customizer <no-reply@localhost>');
  });

  it('checks the credential-check limit and the Redis key prefix', () => {
    const err = configError({ CREDENTIALS_RATE_LIMIT: '10', REDIS_KEY_PREFIX: 'has space' });
    expect(err.problems).toEqual([
      'REDIS_KEY_PREFIX must be 1–50 of letters, digits, ":", "_", "." and "-" (got "has space")',
      'CREDENTIALS_RATE_LIMIT must not be less than 60 (got 10)',
    ]);
    expect(parseEnvironment({})).toMatchObject({
      CREDENTIALS_RATE_LIMIT: 120,
      REDIS_KEY_PREFIX: 'pci:',
    });
    expect(
      parseEnvironment({ CREDENTIALS_RATE_LIMIT: '60', REDIS_KEY_PREFIX: 'shop-b:' }),
    ).toMatchObject({ CREDENTIALS_RATE_LIMIT: 60, REDIS_KEY_PREFIX: 'shop-b:' });
  });

  it('echoes a bad BASE_URL, which is not secret', () => {
    expect(configError({ BASE_URL: 'not a url' }).message).toContain(
      'BASE_URL must be a URL address (got "not a url")',
    );
  });

  it('requires DATA_ENCRYPTION_KEYS in production', () => {
    const [problem] = configError({ NODE_ENV: 'production' }).problems;
    expect(problem).toMatch(/^DATA_ENCRYPTION_KEYS is required when NODE_ENV=production; /);
    expect(problem).toContain('openssl rand -base64 32');
    expect(configError({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: '   ' }).message).toContain(
      'DATA_ENCRYPTION_KEYS',
    );
  });

  it('requires DATA_ENCRYPTION_KEYS whenever DATABASE_URL is set, in any NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const err = configError({ NODE_ENV, DATABASE_URL: 'postgres://db/app' });
      expect(err.problems).toHaveLength(1);
      expect(err.problems[0]).toMatch(
        /^DATA_ENCRYPTION_KEYS is required when DATABASE_URL is set, .*openssl rand -base64 32/,
      );
    }
    const keys = `k1:${randomBytes(32).toString('base64')}`;
    expect(
      parseEnvironment({ DATABASE_URL: 'postgres://db/app', DATA_ENCRYPTION_KEYS: keys })
        .DATA_ENCRYPTION_KEYS,
    ).toBe(keys);
  });

  it('leaves the key to embedded mode (no DATABASE_URL) outside production', () => {
    expect(parseEnvironment({ NODE_ENV: 'development' }).DATA_ENCRYPTION_KEYS).toBeUndefined();
  });

  it('rejects a key id named twice, without echoing the keys', () => {
    const a = randomBytes(32).toString('base64');
    const b = randomBytes(32).toString('base64');
    const err = configError({ DATA_ENCRYPTION_KEYS: `k1:${a}, k2:${b},k1:${b}` });
    expect(err.problems).toEqual([
      'DATA_ENCRYPTION_KEYS names key id k1 more than once; key ids must be unique',
    ]);
    expect(err.message).not.toContain(a);
    expect(err.message).not.toContain(b);
  });

  it('accepts valid DATA_ENCRYPTION_KEYS in production', () => {
    const keys = `k1:${randomBytes(32).toString('base64')}, k2:${randomBytes(32).toString('base64url')}`;
    const env = parseEnvironment({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: keys });
    expect(env.NODE_ENV).toBe('production');
    expect(env.DATA_ENCRYPTION_KEYS).toBe(keys);
  });

  it('rejects a malformed DATA_ENCRYPTION_KEYS without echoing it', () => {
    const short = `k1:${randomBytes(16).toString('base64')}`;
    const err = configError({ DATA_ENCRYPTION_KEYS: short });
    expect(err.problems).toEqual([
      'DATA_ENCRYPTION_KEYS must be a comma-separated list of keyId:base64Key entries, each key 32 bytes (got "<redacted>")',
    ]);
    expect(err.message).not.toContain(short.slice(3));
  });

  it('rejects out-of-range numbers and an unknown NODE_ENV', () => {
    const err = configError({ PORT: '70000', NODE_ENV: 'staging' });
    expect(err.problems).toContain('PORT must not be greater than 65535 (got 70000)');
    expect(err.message).toContain(
      'NODE_ENV must be one of the following values: development, production, test',
    );
  });

  describe('METRICS_PORT and METRICS_HOST (the token-free scrape port of the API)', () => {
    it('serve none by default, on loopback when set', () => {
      expect(parseEnvironment({})).toMatchObject({ METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' });
      const env = parseEnvironment({ METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' });
      expect(env).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
    });

    it('reject a port that is not one, naming the value', () => {
      expect(configError({ METRICS_PORT: 'prometheus' }).problems).toContain(
        'METRICS_PORT must be an integer number (got "prometheus")',
      );
      expect(configError({ METRICS_PORT: '70000' }).problems).toEqual([
        'METRICS_PORT must not be greater than 65535 (got 70000)',
      ]);
    });

    it('reject the API port itself (two listeners cannot share it)', () => {
      expect(configError({ PORT: '8080', METRICS_PORT: '8080' }).problems).toEqual([
        'METRICS_PORT must differ from PORT (both 8080): the metrics port is a second, internal listener; 0 serves none',
      ]);
      expect(parseEnvironment({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    });
  });
});
