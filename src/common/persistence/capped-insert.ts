import { UnitOfWork } from './unit-of-work';

/** What insertBelowCap needs to know about one capped set of rows. */
export interface CappedSet<T> {
  /** Names the set (e.g. `moderation-words:<client id>`): inserts into other sets never wait. */
  name: string;
  /** The rows the set holds now. */
  count(): Promise<number>;
  /** The most rows it may hold. */
  cap: number | (() => Promise<number>);
  /** The error when it is full. */
  full(cap: number): Error;
  /** Inserts the row. */
  insert(): Promise<T>;
}

/**
 * Inserts a row into a set with a cap (a client's word list, its library) so that the cap holds
 * under concurrent requests: in one transaction, a transaction-scoped advisory lock on the set's
 * name, then the count, then the insert. A plain count-then-insert let parallel requests all see
 * room (2,018 rows stored against a cap of 2,000); with the lock they count one after another,
 * each seeing the rows of those that committed before it. Joins the caller's unit of work when
 * there is one (the lock is then held until it commits).
 */
export function insertBelowCap<T>(uow: UnitOfWork, set: CappedSet<T>): Promise<T> {
  return uow.run(async () => {
    await uow.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [set.name]);
    const cap = typeof set.cap === 'number' ? set.cap : await set.cap();
    if ((await set.count()) >= cap) throw set.full(cap);
    return set.insert();
  });
}
