import { asPreparedQuery } from '../common/persistence/prepared';
import { Client, ClientConfig } from 'pg';

/** The message `pg` rejects a query with when its `query_timeout` passes without an answer. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A `pg` client whose query deadline also ends the connection. `pg`'s own `query_timeout` only
 * rejects the waiting query: the connection stays in the pool with the query (and perhaps an open
 * transaction) still pending on the server, and the queries queued behind it — a ROLLBACK, the
 * next request's work — could later run inside that abandoned transaction once a hung server
 * wakes up. Instead the client is marked unusable, so that pg-pool discards it when it is
 * released, and its socket is closed, so that the server rolls back. For PostgreSQL servers only
 * (see `isEmbedded`).
 */
export class DeadlineClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      // A statement marked `prepared(…)` goes as a named statement, prepared once per connection.
      const named = asPreparedQuery(args[0], args[1]);
      const result = named ? query(named, ...args.slice(2)) : query(...args);
      if (result instanceof Promise) {
        result.then(undefined, (err: unknown) => {
          if (err instanceof Error && err.message === QUERY_READ_TIMEOUT) this.abandon();
        });
      }
      return result;
    }) as Client['query'];
  }

  private abandon(): void {
    const self = this as unknown as {
      _queryable: boolean;
      connection: { stream: { destroy(): void } };
    };
    // Unusable from now on: pg-pool discards a client that is not queryable when it is released
    // (a read outside a transaction releases it before the socket's close event arrives).
    self._queryable = false;
    self.connection.stream.destroy();
  }
}
