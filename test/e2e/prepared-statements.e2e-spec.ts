import { prepared } from '../../src/common/persistence/prepared';
import { createTestApp, TestApp } from '../setup/test-app';

const onServer = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/**
 * Statements marked `prepared(…)`: on a PostgreSQL server the project's pg client prepares each
 * once per connection and reuses it; on the embedded database the mark is a comment. Either way
 * the answers are those of the unmarked statement.
 */
describe('Prepared statements (database)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const SQL = 'SELECT $1::int + $2::int AS sum, $3::text AS label';

  it('answers as the unmarked statement does, and prepares it once per connection on a server', async () => {
    const runner = t.dataSource.createQueryRunner();
    try {
      for (const [a, b] of [
        [1, 2],
        [40, 2],
      ]) {
        expect(await runner.query(prepared(SQL), [a, b, 'x'])).toEqual(
          await runner.query(SQL, [a, b, 'x']),
        );
      }
      const statements: { statement: string }[] = await runner.query(
        `SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%$3::text AS label%'
           AND statement NOT LIKE '%pg_prepared_statements%'`,
      );
      expect(statements.map((s) => s.statement)).toEqual(onServer ? [prepared(SQL)] : []);
    } finally {
      await runner.release();
    }
  });

  it('reports an error of a marked statement as the unmarked one would, and goes on', async () => {
    const runner = t.dataSource.createQueryRunner();
    try {
      await expect(runner.query(prepared(SQL), ['a', 2, 'x'])).rejects.toThrow(
        /invalid input syntax for type integer/,
      );
      expect(await runner.query(prepared(SQL), [2, 2, 'y'])).toEqual([{ sum: 4, label: 'y' }]);
    } finally {
      await runner.release();
    }
  });
});
