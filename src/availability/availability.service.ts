import { Injectable } from '@nestjs/common';
import { ClientsService } from '../clients';
import { Actor } from '../common/auth/actor';
import { ClientAccess, ClientNotFound } from '../common/auth/client-access';
import { Clock } from '../common/clock/clock';
import { invalidField } from '../common/errors/domain-error';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { unstorableField, unstorableText } from '../common/validation/storable-text';
import { InvalidSkuChange, SkuNotFound } from './availability.errors';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityChangeDto, SkuPriceDto } from './dto/availability.dto';
import { SkuSettings } from './entities/availability-change.entity';
import { SkuAvailabilityEntity } from './entities/sku-availability.entity';
import { Adjustment, adjustmentActive, effectivePrice, parseSkuChange } from './pricing';

/** A client's products with their SKUs' prices, for the details page. */
export interface ClientPrices {
  client: { id: string; handle: string; name: string };
  /** The currency of the catalog's prices (the client's setting). */
  currency: string;
  products: { handle: string; name: string; skus: SkuPriceDto[] }[];
}

/** One line of the overview page. */
export interface ClientOverview {
  handle: string;
  name: string;
  adjustments: number;
  unavailable: number;
  backorder: number;
  lastChange: Date | null;
}

export const DEFAULT_HISTORY_LIMIT = 100;
const MAX_HISTORY_LIMIT = 500;

function adjustmentOf(row: SkuAvailabilityEntity | undefined): Adjustment | null {
  if (!row?.adjustmentType || row.adjustmentValue === null) return null;
  return {
    type: row.adjustmentType,
    value: row.adjustmentValue,
    effectiveFrom: row.effectiveFrom,
    effectiveUntil: row.effectiveUntil,
  };
}

function settingsOf(row: SkuAvailabilityEntity | undefined): SkuSettings {
  const a = adjustmentOf(row);
  return {
    adjustment: a && {
      type: a.type,
      value: a.value,
      effectiveFrom: a.effectiveFrom?.toISOString() ?? null,
      effectiveUntil: a.effectiveUntil?.toISOString() ?? null,
    },
    availability: {
      status: row?.status ?? 'available',
      expectedDate: row?.expectedDate ?? null,
    },
  };
}

/** Price adjustments and availability of the SKUs of clients' catalogs, with their history. */
@Injectable()
export class AvailabilityService {
  constructor(
    private readonly repo: AvailabilityRepository,
    private readonly clients: ClientsService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, clientHandle: string): Promise<SkuPriceDto[]> {
    const client = await this.clientFor(actor, clientHandle);
    return (await this.prices(client)).products.flatMap((p) => p.skus);
  }

  async change(
    actor: Actor,
    clientHandle: string,
    sku: string,
    body: unknown,
  ): Promise<SkuPriceDto> {
    const { change, problems } = parseSkuChange(body);
    if (problems.length > 0) throw new InvalidSkuChange(problems);
    const client = await this.clientFor(actor, clientHandle);
    const found = await this.findSku(client.id, sku);
    if (!found) throw new SkuNotFound(sku, client.handle);
    const now = this.clock.now();
    if (change.adjustment === undefined && change.availability === undefined) {
      const current = (await this.repo.settings(client.id)).find((s) => s.sku === found.sku);
      return this.toDto(found.product, found.sku, found.unitPrice, current, now);
    }
    const row = await this.uow.run(async () => {
      const locked = await this.repo.lock(client.id, found.sku, now);
      const before = settingsOf(locked);
      if (change.adjustment !== undefined) {
        const a = change.adjustment;
        locked.adjustmentType = a?.type ?? null;
        locked.adjustmentValue = a?.value ?? null;
        locked.effectiveFrom = a?.effectiveFrom ?? null;
        locked.effectiveUntil = a?.effectiveUntil ?? null;
      }
      if (change.availability) {
        locked.status = change.availability.status;
        locked.expectedDate = change.availability.expectedDate;
      }
      locked.lastModifiedAt = now;
      await this.repo.save(locked);
      await this.repo.insertChange({
        clientId: client.id,
        sku: found.sku,
        changedAt: now,
        tokenId: actor.tokenId,
        role: actor.role,
        before,
        after: settingsOf(locked),
      });
      return locked;
    });
    return this.toDto(found.product, found.sku, found.unitPrice, row, now);
  }

  async history(
    actor: Actor,
    clientHandle: string,
    sku?: string,
    limit?: string,
  ): Promise<AvailabilityChangeDto[]> {
    const take = limit === undefined || limit === '' ? DEFAULT_HISTORY_LIMIT : Number(limit);
    if (!Number.isInteger(take) || take < 1 || take > MAX_HISTORY_LIMIT)
      throw invalidField('limit', `must be an integer between 1 and ${MAX_HISTORY_LIMIT}`);
    if (unstorableText(sku ?? '').length > 0) throw unstorableField('sku');
    const client = await this.clientFor(actor, clientHandle);
    const code = typeof sku === 'string' ? sku.trim() : undefined;
    const rows = await this.repo.history(client.id, code || undefined, take);
    return rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      changedDate: r.changedAt.toISOString(),
      tokenId: r.tokenId,
      role: r.role,
      before: r.before,
      after: r.after,
    })) as AvailabilityChangeDto[];
  }

  /** Every client with its totals, by handle (the overview page). */
  async overview(): Promise<ClientOverview[]> {
    const [clients, totals] = await Promise.all([this.clients.list(), this.repo.totals()]);
    const byId = new Map(totals.map((t) => [t.clientId, t]));
    return clients
      .map((c) => {
        const t = byId.get(c.id);
        return {
          handle: c.handle,
          name: c.name,
          adjustments: t?.adjustments ?? 0,
          unavailable: t?.unavailable ?? 0,
          backorder: t?.backorder ?? 0,
          lastChange: t?.lastChange ?? null,
        };
      })
      .sort((a, b) => a.handle.localeCompare(b.handle));
  }

  /** The client's products and prices (the details page); undefined when there is no such client. */
  async details(clientHandle: string): Promise<ClientPrices | undefined> {
    const client = await this.clients.findByHandle(clientHandle);
    if (!client) return undefined;
    const [prices, settings] = await Promise.all([
      this.prices(client),
      this.clients.settings(client.handle),
    ]);
    return { ...prices, currency: settings.currency };
  }

  private async prices(client: {
    id: string;
    handle: string;
    name: string;
  }): Promise<Omit<ClientPrices, 'currency'>> {
    const [products, settings] = await Promise.all([
      this.repo.products(client.id),
      this.repo.settings(client.id),
    ]);
    const bySku = new Map(settings.map((s) => [s.sku, s]));
    const now = this.clock.now();
    return {
      client: { id: client.id, handle: client.handle, name: client.name },
      products: products.map((p) => ({
        handle: p.handle,
        name: p.name,
        skus: p.definition.skus.map((s) =>
          this.toDto(p, s.sku, s.unitPrice, bySku.get(s.sku), now),
        ),
      })),
    };
  }

  private toDto(
    product: { handle: string; name: string },
    sku: string,
    unitPrice: number,
    row: SkuAvailabilityEntity | undefined,
    now: Date,
  ): SkuPriceDto {
    const a = adjustmentOf(row);
    const s = settingsOf(row);
    return {
      productHandle: product.handle,
      productName: product.name,
      sku,
      basePrice: unitPrice,
      adjustment: s.adjustment as SkuPriceDto['adjustment'],
      adjustmentActive: adjustmentActive(a, now),
      effectivePrice: effectivePrice(unitPrice, a, now),
      availability: s.availability as SkuPriceDto['availability'],
      lastModifiedDate: row?.lastModifiedAt.toISOString() ?? null,
    };
  }

  /** The SKU in the client's catalog: its exact code, else the one that matches in any case. */
  private async findSku(clientId: string, sku: string) {
    const code = sku.trim();
    const all = (await this.repo.products(clientId)).flatMap((product) =>
      product.definition.skus.map((s) => ({ product, sku: s.sku, unitPrice: s.unitPrice })),
    );
    return (
      all.find((s) => s.sku === code) ?? all.find((s) => s.sku.toLowerCase() === code.toLowerCase())
    );
  }

  /** The client a path names, if the caller may act for it (403 otherwise, 404 when absent). */
  private async clientFor(actor: Actor, clientHandle: string) {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    const client = await this.clients.findByHandle(handle);
    if (!client) throw new ClientNotFound(handle);
    return client;
  }
}
