import { QueryFailedError } from 'typeorm';
import { REDACTED, serializeError } from './error-serializer';

/** What pg throws: an Error with PostgreSQL's fields. */
function pgError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('serializeError', () => {
  it("removes a failed query's parameters and PostgreSQL's quoted values, keeping the SQL", () => {
    const driverError = pgError('duplicate key value violates unique constraint "uq_email"', {
      code: '23505',
      detail: 'Key (email)=(jane@example.com) already exists.',
      constraint: 'uq_email',
      table: 'client_account',
    });
    const err = new QueryFailedError(
      'INSERT INTO client_account (email, token) VALUES ($1, $2)',
      ['jane@example.com', 'pci_secret'],
      driverError,
    );
    const out = serializeError(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain('jane@example.com');
    expect(text).not.toContain('pci_secret');
    expect(out).toMatchObject({
      type: 'QueryFailedError',
      message: 'duplicate key value violates unique constraint "uq_email"',
      query: 'INSERT INTO client_account (email, token) VALUES ($1, $2)',
      parameters: REDACTED,
      detail: REDACTED,
      code: '23505',
      constraint: 'uq_email',
      driverError: expect.objectContaining({ detail: REDACTED, table: 'client_account' }),
    });
    expect(out.stack).toEqual(expect.stringContaining('QueryFailedError'));
  });

  it('removes the quoted input of a pg error in `where` and `internalQuery`, and in causes', () => {
    const cause = pgError('invalid input syntax for type json', {
      detail: 'Token "hunter2" is invalid.',
      where: "JSON data, line 1: {hunter2...\nunnamed portal parameter $1 = '...'",
      internalQuery: "SELECT 'hunter2'",
    });
    const err = new Error('search failed', { cause });
    const text = JSON.stringify(serializeError(Object.assign(err, { inner: cause })));
    expect(text).not.toContain('hunter2');
    expect(text).toContain('invalid input syntax for type json');
  });

  it('leaves other errors and non-errors as pino would', () => {
    expect(serializeError(new TypeError('nope'))).toMatchObject({
      type: 'TypeError',
      message: 'nope',
    });
    expect(serializeError('plain')).toBe('plain');
  });
});
