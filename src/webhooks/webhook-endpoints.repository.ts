import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { retryDeadlocks } from '../common/persistence/pg-errors';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { WebhookEndpointEntity } from './entities';

/** How often a deletion that deadlocked is tried, in all. */
const DELETE_ATTEMPTS = 3;

/** Webhook endpoints. In the open transaction. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(row: WebhookEndpointEntity): Promise<void> {
    await this.uow.manager.insert(WebhookEndpointEntity, row);
  }

  find(id: string): Promise<WebhookEndpointEntity | null> {
    return this.uow.manager.findOne(WebhookEndpointEntity, { where: { id } });
  }

  async byIds(ids: readonly string[]): Promise<Map<string, WebhookEndpointEntity>> {
    if (ids.length === 0) return new Map();
    const rows = await this.uow.manager.find(WebhookEndpointEntity, {
      where: { id: In([...new Set(ids)]) },
    });
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Locks the endpoint's row for the rest of the transaction. */
  lock(id: string): Promise<WebhookEndpointEntity | null> {
    return this.uow.manager.findOne(WebhookEndpointEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  list(clientId: string): Promise<WebhookEndpointEntity[]> {
    return this.uow.manager.find(WebhookEndpointEntity, {
      where: { clientId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Every endpoint, all clients (the CLI). */
  all(): Promise<WebhookEndpointEntity[]> {
    return this.uow.manager.find(WebhookEndpointEntity, { order: { createdAt: 'ASC' } });
  }

  /** The enabled endpoints of these clients. */
  enabledOf(clientIds: readonly string[]): Promise<WebhookEndpointEntity[]> {
    return this.uow.manager.find(WebhookEndpointEntity, {
      where: { clientId: In([...clientIds]), status: 'enabled' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The client's endpoints (under the client's lock when counted against the limit). */
  count(clientId: string): Promise<number> {
    return this.uow.manager.count(WebhookEndpointEntity, { where: { clientId } });
  }

  async update(id: string, set: Partial<WebhookEndpointEntity>): Promise<void> {
    await this.uow.manager.update(WebhookEndpointEntity, { id }, set);
  }

  /**
   * Deletes the endpoint with its attempts. Locks in the order every writer of its attempts
   * follows (the endpoint's row, then its attempts in id order: see WebhookDeliverer), so that a
   * deletion while deliveries are recorded waits for them instead of deadlocking; a deadlock with
   * anything else (another order of locks) is retried.
   */
  async delete(id: string): Promise<void> {
    await retryDeadlocks(DELETE_ATTEMPTS, () =>
      this.uow.run(async () => {
        await this.uow.manager.query(`SELECT 1 FROM webhook_endpoint WHERE id = $1 FOR UPDATE`, [
          id,
        ]);
        await this.uow.manager.query(
          `SELECT 1 FROM webhook_attempt WHERE endpoint_id = $1 ORDER BY id FOR UPDATE`,
          [id],
        );
        await this.uow.manager.delete(WebhookEndpointEntity, { id });
      }),
    );
  }

  /**
   * Locks the endpoint's row against deletion for the rest of the transaction (the first lock a
   * transaction recording attempts takes); whether it still exists.
   */
  async lockForDelivery(id: string): Promise<boolean> {
    const rows = await this.uow.manager.query<unknown[]>(
      `SELECT 1 FROM webhook_endpoint WHERE id = $1 FOR NO KEY UPDATE`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * Records a failed attempt: the endpoint has been failing since then (unless it already was),
   * and one more failure in a row.
   */
  async failing(id: string, at: Date): Promise<{ since: Date; failures: number }> {
    const [rows] = await this.uow.manager.query<[{ since: Date; failures: number }[], number]>(
      `UPDATE webhook_endpoint SET failing_since = COALESCE(failing_since, $2),
              consecutive_failures = consecutive_failures + 1
        WHERE id = $1 RETURNING failing_since AS since, consecutive_failures AS failures`,
      [id, at],
    );
    return rows[0] ?? { since: at, failures: 1 };
  }

  /** Opens the endpoint's circuit breaker until `until` (never shortening it). */
  async openBreaker(id: string, until: Date): Promise<void> {
    await this.uow.manager.query(
      `UPDATE webhook_endpoint
          SET breaker_open_until = GREATEST(COALESCE(breaker_open_until, $2), $2)
        WHERE id = $1`,
      [id, until],
    );
  }

  /** Endpoints whose circuit breaker is open or half-open (not closed by a success yet). */
  async breakersOpen(): Promise<number> {
    const [row] = await this.uow.manager.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM webhook_endpoint WHERE breaker_open_until IS NOT NULL`,
    );
    return row?.n ?? 0;
  }

  /** A success: the endpoint is not failing, its circuit breaker closed. */
  async healthy(id: string): Promise<void> {
    await this.uow.manager.query(
      `UPDATE webhook_endpoint
          SET failing_since = NULL, consecutive_failures = 0, breaker_open_until = NULL
        WHERE id = $1 AND (failing_since IS NOT NULL OR consecutive_failures > 0
                           OR breaker_open_until IS NOT NULL)`,
      [id],
    );
  }
}
