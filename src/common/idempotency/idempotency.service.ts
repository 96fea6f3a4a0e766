import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind } from '../errors/domain-error';
import { IdempotencyRepository } from './idempotency.repository';

/** Responses are replayed for this long (docs/design.md §6). */
const REPLAY_HOURS = 24;

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
  constructor(private readonly keys: IdempotencyRepository) {}

  /** Within the caller's unit of work: replay, or claim the key (lock it until commit). */
  async claim(clientId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    if (!(await this.keys.tryLock(clientId, key))) throw new IdempotencyKeyInFlight(key);
    const existing = await this.keys.findLive(clientId, key);
    if (!existing) return { kind: 'claimed' };
    if (existing.requestHash !== requestHash) throw new IdempotencyKeyReused(key);
    return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
  }

  /** Within the claiming unit of work: the response to replay for 24 hours. */
  complete(
    clientId: string,
    key: string,
    requestHash: string,
    response: { status: number; body: string },
  ): Promise<void> {
    return this.keys.saveResponse(clientId, key, requestHash, response, REPLAY_HOURS);
  }

  purgeExpired(): Promise<number> {
    return this.keys.deleteExpired();
  }
}
