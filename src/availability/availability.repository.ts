import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { ProductEntity } from '../catalog';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { AvailabilityChangeEntity } from './entities/availability-change.entity';
import { AvailabilitySessionEntity } from './entities/availability-session.entity';
import { SkuAvailabilityEntity } from './entities/sku-availability.entity';

export type NewChange = Omit<AvailabilityChangeEntity, 'id' | 'client'>;

/** Per client: SKUs with an adjustment, SKUs not available, and the last change. */
export interface ClientTotals {
  clientId: string;
  adjustments: number;
  unavailable: number;
  backorder: number;
  lastChange: Date | null;
}

/** Intent-named queries over SKU settings, their history and the pages' sessions. */
@Injectable()
export class AvailabilityRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The client's products with their definitions (SKUs and prices), by handle. */
  products(clientId: string): Promise<ProductEntity[]> {
    return this.uow.manager.find(ProductEntity, { where: { clientId }, order: { handle: 'ASC' } });
  }

  settings(clientId: string): Promise<SkuAvailabilityEntity[]> {
    return this.uow.manager.find(SkuAvailabilityEntity, { where: { clientId } });
  }

  /** The SKU's row, created if absent, locked until the transaction ends (changes in turn). */
  async lock(clientId: string, sku: string, now: Date): Promise<SkuAvailabilityEntity> {
    const m = this.uow.manager;
    await m
      .createQueryBuilder()
      .insert()
      .into(SkuAvailabilityEntity)
      .values({ clientId, sku, status: 'available', lastModifiedAt: now })
      .orIgnore()
      .execute();
    return m.findOneOrFail(SkuAvailabilityEntity, {
      where: { clientId, sku },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async save(row: SkuAvailabilityEntity): Promise<void> {
    await this.uow.manager.save(SkuAvailabilityEntity, row);
  }

  async insertChange(change: NewChange): Promise<AvailabilityChangeEntity> {
    return this.uow.manager.save(this.uow.manager.create(AvailabilityChangeEntity, change));
  }

  history(clientId: string, sku: string | undefined, limit: number) {
    return this.uow.manager.find(AvailabilityChangeEntity, {
      where: sku === undefined ? { clientId } : { clientId, sku },
      order: { changedAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** The totals of every client that has settings or history. */
  async totals(): Promise<ClientTotals[]> {
    const rows: {
      client_id: string;
      adjustments: string;
      unavailable: string;
      backorder: string;
      last_change: Date | null;
    }[] = await this.uow.manager.query(
      `SELECT c.id AS client_id,
        (SELECT count(*) FROM sku_availability s WHERE s.client_id = c.id AND s.adjustment_type IS NOT NULL) AS adjustments,
        (SELECT count(*) FROM sku_availability s WHERE s.client_id = c.id AND s.status = 'unavailable') AS unavailable,
        (SELECT count(*) FROM sku_availability s WHERE s.client_id = c.id AND s.status = 'backorder') AS backorder,
        (SELECT max(h.changed_at) FROM availability_change h WHERE h.client_id = c.id) AS last_change
       FROM client_account c`,
    );
    return rows.map((r) => ({
      clientId: r.client_id,
      adjustments: Number(r.adjustments),
      unavailable: Number(r.unavailable),
      backorder: Number(r.backorder),
      lastChange: r.last_change ? new Date(r.last_change) : null,
    }));
  }

  async insertSession(
    values: Pick<AvailabilitySessionEntity, 'sessionHash' | 'tokenId' | 'expiresAt'>,
  ) {
    await this.uow.manager.insert(AvailabilitySessionEntity, values);
  }

  /** The session with this hash unless it is signed out or expired at `now`. */
  activeSession(sessionHash: string, now: Date): Promise<AvailabilitySessionEntity | null> {
    return this.uow.manager.findOne(AvailabilitySessionEntity, {
      where: { sessionHash, revokedAt: IsNull(), expiresAt: MoreThan(now) },
    });
  }

  async revokeSession(sessionHash: string, now: Date): Promise<void> {
    await this.uow.manager.update(
      AvailabilitySessionEntity,
      { sessionHash, revokedAt: IsNull() },
      { revokedAt: now },
    );
  }
}
