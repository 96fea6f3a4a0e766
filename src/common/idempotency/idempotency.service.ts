import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError, ErrorKind } from '../errors/domain-error';

/** Responses are replayed for this long (DESIGN §6). */
const REPLAY_HOURS = 24;
/** A claim without a response, committed by an earlier release, counts as in flight this long. */
const LEGACY_CLAIM_SECONDS = 120;

/**
 * The advisory lock of a key ($1 client id, $2 key): 64 bits of a hash, so two keys share a lock
 * (and one waits for the other's 409 to clear) with negligible probability.
 */
export const IDEMPOTENCY_LOCK = `hashtextextended($1::text || ':' || $2::text, 0)`;

export type IdempotencyClaim =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string };

export class IdempotencyKeyReused extends DomainError {
  constructor(key: string) {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      ErrorKind.Unprocessable,
      `Idempotency-Key ${key} was already used for a different request.`,
    );
  }
}

export class IdempotencyKeyInFlight extends DomainError {
  constructor(key: string) {
    super(
      'IDEMPOTENCY_KEY_IN_FLIGHT',
      ErrorKind.Conflict,
      `A request with Idempotency-Key ${key} is still being processed; retry later.`,
    );
  }
}

/**
 * Idempotency keys, stored in the database so that every instance sees them. A key is claimed,
 * and its response stored, inside the transaction of the work it answers: the response exists
 * exactly when the work was committed, so a request that failed — or whose process died —
 * leaves nothing behind and its retry simply runs. While the claiming transaction is open, a
 * transaction-scoped advisory lock on the key tells other requests it is in flight.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly dataSource: DataSource) {}

  /** Within the transaction of `manager`: replay, or claim the key (lock it until commit). */
  async claim(
    manager: EntityManager,
    clientId: string,
    key: string,
    requestHash: string,
  ): Promise<IdempotencyClaim> {
    const [{ locked }]: { locked: boolean }[] = await manager.query(
      `SELECT pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK}) AS locked`,
      [clientId, key],
    );
    if (!locked) throw new IdempotencyKeyInFlight(key);
    const rows: {
      request_hash: string;
      response_status: number | null;
      response_body: string | null;
      recent: boolean;
    }[] = await manager.query(
      `SELECT request_hash, response_status, response_body,
              created_at > now() - make_interval(secs => $3) AS recent
       FROM idempotency_key WHERE client_id = $1 AND key = $2 AND expires_at >= now()`,
      [clientId, key, LEGACY_CLAIM_SECONDS],
    );
    const existing = rows[0];
    if (!existing) return { kind: 'claimed' };
    if (existing.response_status === null || existing.response_body === null) {
      // Committed without a response: claimed by an instance of the earlier release, which commits
      // its claim first (during a rolling deploy). In flight while recent; after that, abandoned.
      if (existing.recent) throw new IdempotencyKeyInFlight(key);
      return { kind: 'claimed' };
    }
    if (existing.request_hash !== requestHash) throw new IdempotencyKeyReused(key);
    return { kind: 'replay', status: existing.response_status, body: existing.response_body };
  }

  /** Within the claiming transaction: the response to replay for 24 hours. */
  async complete(
    manager: EntityManager,
    clientId: string,
    key: string,
    requestHash: string,
    response: { status: number; body: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO idempotency_key (client_id, key, request_hash, response_status, response_body, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))
       ON CONFLICT (client_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
             response_body = EXCLUDED.response_body, created_at = now(), expires_at = EXCLUDED.expires_at`,
      [clientId, key, requestHash, response.status, response.body, REPLAY_HOURS],
    );
  }

  async purgeExpired(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      'DELETE FROM idempotency_key WHERE expires_at < now()',
    );
    return result[1] ?? 0;
  }
}
