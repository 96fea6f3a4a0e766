import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { CLIENT_ACCOUNT_TABLE } from '../clients';
import { insertRows } from '../common/persistence/bulk-insert';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { AttemptStatus, WebhookAttemptEntity } from './entities';

export type NewAttempt = Omit<
  WebhookAttemptEntity,
  'claimedUntil' | 'responseStatus' | 'durationMs' | 'error' | 'completedAt' | 'status'
>;

export interface AttemptOutcome {
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  at: Date;
}

/** A claimed attempt: what making it and following it up need, and whose it is. */
export type ClaimedAttempt = Pick<
  WebhookAttemptEntity,
  'id' | 'endpointId' | 'eventId' | 'eventPosition' | 'orderingKey' | 'eventType' | 'attempt'
> & { clientId: string; sandbox: boolean };

/**
 * What one claim may take, beside its size: the claim goes round the clients with due attempts,
 * one attempt of each per turn (the oldest due of each first), live clients' before any sandbox
 * client's; a client takes at most its room, an endpoint at most its room (one attempt while its
 * circuit breaker is half-open, none while it is open), sandbox clients together at most
 * `sandboxRoom`.
 */
export interface ClaimLimits {
  /** The service's clock: attempts due by then, breakers open until before then. */
  dueBy: Date;
  /** The room of an endpoint with no attempts in flight here… */
  perEndpoint: number;
  /** …and of those with some: what is left of `perEndpoint`. */
  endpointRoom: ReadonlyMap<string, number>;
  /** The room of a client with no attempts in flight here… */
  perClient: number;
  /** …and of those with some. */
  clientRoom: ReadonlyMap<string, number>;
  /** What sandbox clients may take together. */
  sandboxRoom: number;
}

/** A page of an endpoint's attempts, newest first: after the cursor `(createdAt, id)`. */
export interface AttemptPageQuery {
  status?: AttemptStatus;
  limit: number;
  before?: { createdAt: Date; id: string };
}

/** Delivery attempts. In the open transaction. */
@Injectable()
export class WebhookAttemptsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(rows: NewAttempt[]): Promise<void> {
    if (rows.length === 0) return;
    await insertRows(this.uow.manager, {
      target: WebhookAttemptEntity,
      rows: rows.map((r) => ({ ...r, status: 'pending' as const })),
    });
  }

  find(id: string): Promise<WebhookAttemptEntity | null> {
    return this.uow.manager.findOne(WebhookAttemptEntity, { where: { id } });
  }

  /**
   * Claims pending attempts due by `dueBy` (the service's clock, which set `due_at`) that head
   * their ordering key at their endpoint (no earlier event of the key still waits there) for
   * `seconds` (database time): at most `limit`, taken per client in turn (see {@link ClaimLimits}).
   * Each endpoint's due attempts are read oldest due first from its own index range, so one
   * endpoint's or client's backlog is never read through to find another's. Concurrent claims
   * never take the same attempt (a row another claim holds is skipped, and the UPDATE checks the
   * claim again once it holds the row). An
   * attempt whose claim ran out without an outcome is not made again: see `interrupted`.
   */
  async claimDue(limit: number, seconds: number, l: ClaimLimits): Promise<ClaimedAttempt[]> {
    const endpoints = [...l.endpointRoom];
    const clients = [...l.clientRoom];
    const [rows] = await this.uow.manager.query<[ClaimedAttempt[], number]>(
      `WITH room_e AS (SELECT * FROM unnest($4::uuid[], $5::int[]) AS r(id, room)),
            room_c AS (SELECT * FROM unnest($6::uuid[], $7::int[]) AS r(id, room)),
            candidate AS (
              SELECT c.id, c.due_at, e.client_id, ca.sandbox,
                     COALESCE(rc.room, $8) AS client_room
                FROM webhook_endpoint e
                JOIN ${CLIENT_ACCOUNT_TABLE} ca ON ca.id = e.client_id
                LEFT JOIN room_e re ON re.id = e.id
                LEFT JOIN room_c rc ON rc.id = e.client_id
                CROSS JOIN LATERAL (
                  SELECT c.id, c.due_at FROM webhook_attempt c
                   WHERE c.endpoint_id = e.id AND c.status = 'pending'
                     AND c.claimed_until IS NULL AND c.due_at <= $9
                     AND (c.ordering_key IS NULL OR NOT EXISTS (
                           SELECT 1 FROM webhook_attempt p
                            WHERE p.endpoint_id = c.endpoint_id
                              AND p.ordering_key = c.ordering_key AND p.status = 'pending'
                              AND p.event_position < c.event_position))
                   ORDER BY c.due_at
                   LIMIT CASE WHEN e.breaker_open_until IS NULL
                              THEN LEAST(COALESCE(re.room, $3), $1) ELSE 1 END) c
               WHERE COALESCE(re.room, $3) > 0 AND COALESCE(rc.room, $8) > 0
                 AND (e.breaker_open_until IS NULL
                      OR (e.breaker_open_until <= $9 AND NOT EXISTS (
                            SELECT 1 FROM webhook_attempt x
                             WHERE x.endpoint_id = e.id AND x.status = 'pending'
                               AND x.claimed_until IS NOT NULL)))),
            turned AS (
              SELECT id, due_at, sandbox, client_id, client_room,
                     row_number() OVER (PARTITION BY client_id ORDER BY due_at, id) AS turn
                FROM candidate),
            ranked AS (
              SELECT id, due_at, sandbox, client_id, turn,
                     row_number() OVER (PARTITION BY sandbox ORDER BY turn, due_at, id) AS nth
                FROM turned WHERE turn <= client_room),
            pick AS (
              SELECT id, client_id, sandbox FROM ranked WHERE NOT sandbox OR nth <= $10
               ORDER BY sandbox, turn, due_at, id LIMIT $1),
            -- Rows another transaction holds (a deletion of their endpoint) are left, not waited
            -- for: a claim never waits on a lock, so it is never part of a deadlock.
            locked AS (
              SELECT l.id FROM webhook_attempt l WHERE l.id IN (SELECT id FROM pick)
                 FOR NO KEY UPDATE SKIP LOCKED)
      UPDATE webhook_attempt a SET claimed_until = now() + make_interval(secs => $2)
        FROM pick JOIN locked ON locked.id = pick.id
       WHERE a.id = pick.id AND a.status = 'pending' AND a.claimed_until IS NULL
       RETURNING a.id, a.endpoint_id AS "endpointId", a.event_id AS "eventId",
                 a.event_position::text AS "eventPosition", a.ordering_key AS "orderingKey",
                 a.event_type AS "eventType", a.attempt,
                 pick.client_id AS "clientId", pick.sandbox`,
      [
        limit,
        seconds,
        l.perEndpoint,
        endpoints.map(([id]) => id),
        endpoints.map(([, n]) => n),
        clients.map(([id]) => id),
        clients.map(([, n]) => n),
        l.perClient,
        l.dueBy,
        l.sandboxRoom,
      ],
    );
    return rows;
  }

  /**
   * Pending attempts of the client's endpoints, counted up to `upTo` (a queue limit's check
   * needs to know no more than whether it is reached).
   */
  async pendingOfClient(clientId: string, upTo: number): Promise<number> {
    const [row] = await this.uow.manager.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM webhook_attempt a JOIN webhook_endpoint e ON e.id = a.endpoint_id
          WHERE e.client_id = $1 AND a.status = 'pending' LIMIT $2) q`,
      [clientId, upTo],
    );
    return row?.n ?? 0;
  }

  /** Records that claimed attempts succeeded (once: an attempt resolved already stays as it is). */
  async succeeded(
    answers: readonly { id: string; responseStatus: number; durationMs: number | null }[],
    at: Date,
  ): Promise<number> {
    if (answers.length === 0) return 0;
    // Rows locked in id order first, as a deletion of their endpoint locks them (no deadlock).
    const [, count] = await this.uow.manager.query<[unknown[], number]>(
      `UPDATE webhook_attempt a
          SET status = 'succeeded', response_status = v.status, duration_ms = v.ms,
              error = NULL, completed_at = $4, claimed_until = NULL
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS v(id, status, ms),
              (SELECT id FROM webhook_attempt WHERE id = ANY($1::uuid[])
                ORDER BY id FOR NO KEY UPDATE) AS locked
        WHERE a.id = v.id AND a.id = locked.id AND a.status = 'pending'`,
      [
        answers.map((a) => a.id),
        answers.map((a) => a.responseStatus),
        answers.map((a) => a.durationMs),
        at,
      ],
    );
    return count;
  }

  /** Records a claimed attempt's outcome (once: an attempt resolved already stays as it is). */
  async resolve(id: string, outcome: AttemptOutcome): Promise<boolean> {
    const result = await this.uow.manager.update(
      WebhookAttemptEntity,
      { id, status: 'pending' },
      {
        status: outcome.status,
        responseStatus: outcome.responseStatus,
        durationMs: outcome.durationMs,
        error: outcome.error?.slice(0, 500) ?? null,
        completedAt: outcome.at,
        claimedUntil: null,
      },
    );
    return result.affected === 1;
  }

  /** Adds `text` (under 500 characters) to the error of a failed attempt (the delivery log). */
  async noteError(id: string, text: string): Promise<void> {
    await this.uow.manager.query(
      `UPDATE webhook_attempt SET error = left(COALESCE(error, ''), 500 - length($2)) || $2
        WHERE id = $1`,
      [id, text],
    );
  }

  /** Fails the endpoint's pending attempts no worker is making (it was disabled or deleted). */
  async failPending(endpointId: string, reason: string, at: Date): Promise<void> {
    await this.uow.manager.query(
      `UPDATE webhook_attempt SET status = 'failed', error = $2, completed_at = $3
        WHERE endpoint_id = $1 AND status = 'pending'
          AND (claimed_until IS NULL OR claimed_until < now())`,
      [endpointId, reason, at],
    );
  }

  page(endpointId: string, q: AttemptPageQuery): Promise<WebhookAttemptEntity[]> {
    const qb = this.uow.manager
      .createQueryBuilder(WebhookAttemptEntity, 'a')
      .where('a.endpoint_id = :endpointId', { endpointId });
    if (q.status) qb.andWhere('a.status = :status', { status: q.status });
    if (q.before)
      qb.andWhere('(a.created_at, a.id) < (:createdAt, :id)', {
        createdAt: q.before.createdAt,
        id: q.before.id,
      });
    return qb.orderBy('a.created_at', 'DESC').addOrderBy('a.id', 'DESC').limit(q.limit).getMany();
  }

  /**
   * Fails claimed attempts whose claim ran out with no outcome recorded (the process making them
   * stopped: the receiver may or may not have got the request), at most `limit`; answers them.
   * Each is followed by a new attempt, so that one attempt is one request at most.
   */
  async interrupted(limit: number, at: Date): Promise<WebhookAttemptEntity[]> {
    const [rows] = await this.uow.manager.query<[{ id: string }[], number]>(
      `UPDATE webhook_attempt SET status = 'failed', claimed_until = NULL, completed_at = $2,
              error = 'interrupted: the process making the attempt stopped before it was answered'
        WHERE id IN (SELECT id FROM webhook_attempt
                      WHERE status = 'pending' AND claimed_until < now()
                      ORDER BY claimed_until LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [limit, at],
    );
    if (rows.length === 0) return [];
    return this.uow.manager.find(WebhookAttemptEntity, {
      where: { id: In(rows.map((r) => r.id)) },
    });
  }

  /** How long the oldest due pending attempt has waited, in seconds (0 when none). */
  async oldestDueAgeSeconds(): Promise<number> {
    const [row] = await this.uow.manager.query<{ age: number | null }[]>(
      `SELECT EXTRACT(EPOCH FROM now() - min(due_at))::float8 AS age
         FROM webhook_attempt WHERE status = 'pending' AND due_at <= now()`,
    );
    return Math.max(0, row?.age ?? 0);
  }

  /** Whether the endpoint had a successful attempt since `since`. */
  async succeededSince(endpointId: string, since: Date): Promise<boolean> {
    const count = await this.uow.manager
      .createQueryBuilder(WebhookAttemptEntity, 'a')
      .where('a.endpoint_id = :endpointId AND a.status = :ok AND a.completed_at >= :since', {
        endpointId,
        ok: 'succeeded',
        since,
      })
      .getCount();
    return count > 0;
  }
}
