import { Client, ClientConfig } from 'pg';

/** The message `pg` rejects a query with when its `query_timeout` passes without an answer. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A `pg` client whose query deadline also ends the connection. `pg`'s own `query_timeout` only
 * rejects the waiting query: the connection stays in the pool with the query (and perhaps an open
 * transaction) still pending on the server, and the queries queued behind it — a ROLLBACK, the
 * next request's work — could later run inside that abandoned transaction once a hung server
 * wakes up. Closing the socket instead makes the server roll back, and the pool discards the
 * client (it emits `error`, which TypeORM and pg-pool handle by releasing it with the error).
 */
export class DeadlineClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.then(undefined, (err: unknown) => {
          if (err instanceof Error && err.message === QUERY_READ_TIMEOUT) this.abandon();
        });
      }
      return result;
    }) as Client['query'];
  }

  private abandon(): void {
    (
      this as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
  }
}
