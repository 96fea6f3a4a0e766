import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../persistence/unit-of-work';

/**
 * The advisory lock of a key ($1 client id, $2 key): 64 bits of a hash, so two keys share a lock
 * (and one waits for the other's 409 to clear) with negligible probability.
 */
export const IDEMPOTENCY_LOCK = `hashtextextended($1::text || ':' || $2::text, 0)`;

export interface StoredKey {
  requestHash: string;
  responseStatus: number;
  responseBody: string;
}

/** Queries over idempotency keys. Inside a unit of work they run in its transaction. */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** Takes the key's transaction-scoped advisory lock; false when another transaction holds it. */
  async tryLock(clientId: string, key: string): Promise<boolean> {
    const [{ locked }]: { locked: boolean }[] = await this.uow.manager.query(
      `SELECT pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK}) AS locked`,
      [clientId, key],
    );
    return locked;
  }

  /** The unexpired key, if stored. */
  async findLive(clientId: string, key: string): Promise<StoredKey | null> {
    const rows: { request_hash: string; response_status: number; response_body: string }[] =
      await this.uow.manager.query(
        `SELECT request_hash, response_status, response_body
         FROM idempotency_key WHERE client_id = $1 AND key = $2 AND expires_at >= now()`,
        [clientId, key],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      requestHash: row.request_hash,
      responseStatus: row.response_status,
      responseBody: row.response_body,
    };
  }

  /** Stores (or replaces) the response of a key, replayable for `hours`. */
  async saveResponse(
    clientId: string,
    key: string,
    requestHash: string,
    response: { status: number; body: string },
    hours: number,
  ): Promise<void> {
    await this.uow.manager.query(
      `INSERT INTO idempotency_key (client_id, key, request_hash, response_status, response_body, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))
       ON CONFLICT (client_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
             response_body = EXCLUDED.response_body, created_at = now(), expires_at = EXCLUDED.expires_at`,
      [clientId, key, requestHash, response.status, response.body, hours],
    );
  }

  /** Deletes expired keys; returns how many. */
  async deleteExpired(): Promise<number> {
    const result: [unknown[], number] = await this.uow.manager.query(
      'DELETE FROM idempotency_key WHERE expires_at < now()',
    );
    return result[1] ?? 0;
  }
}
