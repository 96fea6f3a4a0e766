import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, ErrorKind } from '../errors/domain-error';

/** Responses are replayed for this long (DESIGN §6). */
const REPLAY_HOURS = 24;
/** A claim whose request never finished (the instance died) may be taken over after this. */
const ABANDONED_SECONDS = 120;

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
 * Idempotency keys, stored in the database so that every instance sees them. Only successful
 * responses are kept for replay; a failed request releases its key so that a retry runs again.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly dataSource: DataSource) {}

  async claim(clientId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_key (client_id, key, request_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4))
         ON CONFLICT (client_id, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL,
               created_at = now(), expires_at = EXCLUDED.expires_at
           WHERE idempotency_key.expires_at < now()
              OR (idempotency_key.response_status IS NULL
                  AND idempotency_key.created_at < now() - make_interval(secs => $5))
         RETURNING 1`,
        [clientId, key, requestHash, REPLAY_HOURS, ABANDONED_SECONDS],
      );
      if (claimed.length > 0) return { kind: 'claimed' };
      const rows: {
        request_hash: string;
        response_status: number | null;
        response_body: string | null;
      }[] = await this.dataSource.query(
        'SELECT request_hash, response_status, response_body FROM idempotency_key WHERE client_id = $1 AND key = $2',
        [clientId, key],
      );
      const existing = rows[0];
      if (!existing) continue; // released meanwhile: claim again
      if (existing.request_hash !== requestHash) throw new IdempotencyKeyReused(key);
      if (existing.response_status === null || existing.response_body === null)
        throw new IdempotencyKeyInFlight(key);
      return { kind: 'replay', status: existing.response_status, body: existing.response_body };
    }
    throw new IdempotencyKeyInFlight(key);
  }

  async complete(clientId: string, key: string, status: number, body: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE idempotency_key SET response_status = $3, response_body = $4 WHERE client_id = $1 AND key = $2',
      [clientId, key, status, body],
    );
  }

  async release(clientId: string, key: string): Promise<void> {
    await this.dataSource.query(
      'DELETE FROM idempotency_key WHERE client_id = $1 AND key = $2 AND response_status IS NULL',
      [clientId, key],
    );
  }

  async purgeExpired(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      'DELETE FROM idempotency_key WHERE expires_at < now()',
    );
    return result[1] ?? 0;
  }
}
