import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
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

/** A claimed attempt: what making it and following it up need. */
export type ClaimedAttempt = Pick<
  WebhookAttemptEntity,
  'id' | 'endpointId' | 'eventId' | 'eventPosition' | 'orderingKey' | 'eventType' | 'attempt'
>;

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
   * Claims pending attempts due by `dueBy` (the service's clock, which set `due_at`) that head their ordering key at their endpoint (no earlier event
   * of the key still waits there) for `seconds` (database time), oldest due first: at most `limit`,
   * at most `perEndpoint` of one endpoint, none of the endpoints in `skip` (busy enough here).
   * Concurrent claims never take the same attempt (the UPDATE checks the claim again once it holds
   * the row). An attempt whose claim ran out without an outcome is not made again: see
   * `interrupted`.
   */
  async claimDue(
    limit: number,
    seconds: number,
    options: { dueBy: Date; perEndpoint: number; skip: readonly string[] },
  ): Promise<ClaimedAttempt[]> {
    const [rows] = await this.uow.manager.query<[ClaimedAttempt[], number]>(
      `UPDATE webhook_attempt a SET claimed_until = now() + make_interval(secs => $2)
         FROM (SELECT id FROM (
                 SELECT c.id, c.due_at,
                        row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.due_at) AS nth
                   FROM (SELECT c.id, c.endpoint_id, c.due_at FROM webhook_attempt c
                          WHERE c.status = 'pending' AND c.claimed_until IS NULL
                            AND c.due_at <= $5 AND NOT (c.endpoint_id = ANY($4::uuid[]))
                            AND (c.ordering_key IS NULL OR NOT EXISTS (
                                  SELECT 1 FROM webhook_attempt p
                                   WHERE p.endpoint_id = c.endpoint_id
                                     AND p.ordering_key = c.ordering_key AND p.status = 'pending'
                                     AND p.event_position < c.event_position))
                          ORDER BY c.due_at LIMIT $1 * 4) c
               ) ranked WHERE nth <= $3 ORDER BY due_at LIMIT $1) pick
        WHERE a.id = pick.id AND a.status = 'pending' AND a.claimed_until IS NULL
        RETURNING a.id, a.endpoint_id AS "endpointId", a.event_id AS "eventId",
                  a.event_position::text AS "eventPosition", a.ordering_key AS "orderingKey",
                  a.event_type AS "eventType", a.attempt`,
      [limit, seconds, options.perEndpoint, [...options.skip], options.dueBy],
    );
    return rows;
  }

  /** Records that claimed attempts succeeded (once: an attempt resolved already stays as it is). */
  async succeeded(
    answers: readonly { id: string; responseStatus: number; durationMs: number | null }[],
    at: Date,
  ): Promise<number> {
    if (answers.length === 0) return 0;
    const [, count] = await this.uow.manager.query<[unknown[], number]>(
      `UPDATE webhook_attempt a
          SET status = 'succeeded', response_status = v.status, duration_ms = v.ms,
              error = NULL, completed_at = $4, claimed_until = NULL
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS v(id, status, ms)
        WHERE a.id = v.id AND a.status = 'pending'`,
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
