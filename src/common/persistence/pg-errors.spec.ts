import {
  isDatabaseUnavailable,
  isDeadlock,
  isUniqueViolation,
  retryDeadlocks,
  violatedKeyValues,
} from './pg-errors';

describe('PostgreSQL error classification', () => {
  it('recognises an unreachable database by network code, server state or driver message', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ENOENT /data/run/.s.PGSQL.5432'), { code: 'ENOENT' }),
      {
        driverError: {
          code: '57P01',
          message: 'terminating connection due to administrator command',
        },
      },
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      { driverError: { code: '57014', message: 'canceling statement due to statement timeout' } },
      { code: '55000', message: 'database "x" is not currently accepting connections' },
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
  });

  it('does not mistake query or data errors for an outage', () => {
    for (const err of [
      { code: '23505', message: 'duplicate key value violates unique constraint' },
      { code: '42P01', message: 'relation "x" does not exist' },
      new Error('Cannot read properties of undefined'),
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it('reads unique violations and their key values', () => {
    const err = {
      driverError: {
        code: '23505',
        constraint: 'UQ_purchase_order_client_number',
        detail: 'Key (client_id, purchase_order_number)=(c1, PO-9) already exists.',
      },
    };
    expect(isUniqueViolation(err, 'UQ_purchase_order_client_number')).toBe(true);
    expect(isUniqueViolation(err, 'other')).toBe(false);
    expect(violatedKeyValues(err)).toEqual(['c1', 'PO-9']);
  });

  it("recognises a deadlock's victim, as pg or TypeORM report it", () => {
    expect(isDeadlock({ code: '40P01', message: 'deadlock detected' })).toBe(true);
    expect(isDeadlock({ driverError: { code: '40P01' } })).toBe(true);
    expect(isDeadlock({ code: '23505' })).toBe(false);
    expect(isDeadlock(new Error('deadlock detected'))).toBe(false);
  });
});

describe('retryDeadlocks', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs the work again after a deadlock, and answers what the run that got through answers', async () => {
    let runs = 0;
    const answer = await retryDeadlocks(3, () => {
      runs += 1;
      return runs < 3 ? Promise.reject(deadlock()) : Promise.resolve('done');
    });
    expect({ answer, runs }).toEqual({ answer: 'done', runs: 3 });
  });

  it('gives up after the attempts, with the last deadlock', async () => {
    let runs = 0;
    const run = retryDeadlocks(2, () => {
      runs += 1;
      return Promise.reject(deadlock());
    });
    await expect(run).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(2);
  });

  it('rethrows any other error at once', async () => {
    let runs = 0;
    const run = retryDeadlocks(5, () => {
      runs += 1;
      return Promise.reject(Object.assign(new Error('duplicate key'), { code: '23505' }));
    });
    await expect(run).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });
});
