import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { WebhookEndpointEntity } from './entities';

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

  /** The client's endpoints, counted without a lock (a look before the locked count). */
  count(clientId: string): Promise<number> {
    return this.uow.manager.count(WebhookEndpointEntity, { where: { clientId } });
  }

  /**
   * Counts the client's endpoints with its client row locked, so that two concurrent creations
   * cannot both pass the limit.
   */
  async countLocked(clientId: string): Promise<number> {
    await this.uow.manager.query(`SELECT 1 FROM client_account WHERE id = $1 FOR UPDATE`, [
      clientId,
    ]);
    return this.uow.manager.count(WebhookEndpointEntity, { where: { clientId } });
  }

  async update(id: string, set: Partial<WebhookEndpointEntity>): Promise<void> {
    await this.uow.manager.update(WebhookEndpointEntity, { id }, set);
  }

  async delete(id: string): Promise<void> {
    await this.uow.manager.delete(WebhookEndpointEntity, { id });
  }

  /** Records a failed attempt: the endpoint has been failing since then, unless it already was. */
  async failing(id: string, at: Date): Promise<Date> {
    const [rows] = await this.uow.manager.query<[{ since: Date }[], number]>(
      `UPDATE webhook_endpoint SET failing_since = COALESCE(failing_since, $2)
        WHERE id = $1 RETURNING failing_since AS since`,
      [id, at],
    );
    return rows[0]?.since ?? at;
  }

  async healthy(id: string): Promise<void> {
    await this.uow.manager.query(
      `UPDATE webhook_endpoint SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`,
      [id],
    );
  }
}
