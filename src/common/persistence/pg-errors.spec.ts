import { isDatabaseUnavailable, isUniqueViolation, violatedKeyValues } from './pg-errors';

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
});
