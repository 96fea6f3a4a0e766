import { UnitOfWork } from '../../src/common/persistence/unit-of-work';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * Batches of a unit of work (Transaction.batch): what its steps add is written once, in order,
 * in the transaction right before the commit; a failing write rolls everything back. And its
 * reads (UnitOfWork.read): in the open transaction, or on the pool outside one.
 */
describe('Unit of work: batches written before the commit (database)', () => {
  let t: TestApp;
  let uow: UnitOfWork;
  const KEY = Symbol('test batch');

  beforeAll(async () => {
    t = await createTestApp();
    uow = t.app.get(UnitOfWork);
    await t.dataSource.query('CREATE TABLE batch_probe (n int NOT NULL, txid bigint NOT NULL)');
  });
  afterAll(() => t.close());

  const rows = () => t.dataSource.query<{ n: number }[]>('SELECT n FROM batch_probe ORDER BY n');
  const write = (flushes: number[][]) => async (items: number[]) => {
    flushes.push(items);
    for (const n of items)
      await uow.manager.query(
        'INSERT INTO batch_probe (n, txid) VALUES ($1, pg_current_xact_id()::text::bigint)',
        [n],
      );
  };

  it('writes the items of every step, nested units included, once and in order', async () => {
    const flushes: number[][] = [];
    await uow.run(async (tx) => {
      tx.batch(KEY, [1, 2], write(flushes));
      await uow.run(async (inner) => {
        inner.batch(KEY, [3], write(flushes));
        return Promise.resolve();
      });
      tx.batch(KEY, [4], write(flushes));
      // Nothing is written until the work is done.
      expect(flushes).toEqual([]);
      return Promise.resolve();
    });
    expect(flushes).toEqual([[1, 2, 3, 4]]);
    expect((await rows()).map((r) => r.n)).toEqual([1, 2, 3, 4]);
    const [{ txids }] = await t.dataSource.query<{ txids: number }[]>(
      'SELECT count(DISTINCT txid)::int AS txids FROM batch_probe',
    );
    expect(txids).toBe(1);
  });

  it('rolls the unit back when the work fails (nothing written) or the flush fails', async () => {
    await t.dataSource.query('DELETE FROM batch_probe');
    await expect(
      uow.run(async (tx) => {
        tx.batch(KEY, [5], write([]));
        return Promise.reject(new Error('work failed'));
      }),
    ).rejects.toThrow('work failed');
    await expect(
      uow.run(async (tx) => {
        await uow.manager.query('INSERT INTO batch_probe (n, txid) VALUES (6, 0)');
        tx.batch(KEY, [7], () => Promise.reject(new Error('flush failed')));
      }),
    ).rejects.toThrow('flush failed');
    expect(await rows()).toEqual([]);
  });

  it('reads in the open transaction (seeing its writes), or on the pool outside one', async () => {
    await t.dataSource.query('DELETE FROM batch_probe');
    const count = async () =>
      (await uow.read<{ n: number }>('SELECT count(*)::int AS n FROM batch_probe', []))[0].n;
    await expect(
      uow.run(async () => {
        await uow.manager.query('INSERT INTO batch_probe (n, txid) VALUES (1, 0)');
        // The transaction's own write, not yet committed.
        expect(await count()).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(0);
  });
});
