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

  /**
   * The totals of every client that has settings or history (the caller adds the clients that
   * have neither, from the clients module).
   */
  async totals(): Promise<ClientTotals[]> {
    const rows: {
      client_id: string;
      adjustments: string | null;
      unavailable: string | null;
      backorder: string | null;
      last_change: Date | null;
    }[] = await this.uow.manager.query(
      `WITH s AS (
         SELECT client_id,
                count(*) FILTER (WHERE adjustment_type IS NOT NULL) AS adjustments,
                count(*) FILTER (WHERE status = 'unavailable') AS unavailable,
                count(*) FILTER (WHERE status = 'backorder') AS backorder
           FROM sku_availability GROUP BY client_id),
       h AS (SELECT client_id, max(changed_at) AS last_change
               FROM availability_change GROUP BY client_id)
       SELECT COALESCE(s.client_id, h.client_id) AS client_id, s.adjustments, s.unavailable,
              s.backorder, h.last_change
         FROM s FULL JOIN h ON h.client_id = s.client_id`,
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
