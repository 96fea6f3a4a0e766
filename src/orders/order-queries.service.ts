import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { ClientAccess } from '../common/auth/client-access';
import { FieldCipher } from '../common/crypto/field-cipher';
import { ValidationFailed } from '../common/errors/domain-error';
import { canonicalEnum, parseIsoDate } from '../common/validation/lenient';
import { ClientsService } from '../clients';
import { RecipeSetsService, RECIPE_STATUSES, RecipeStatus } from '../recipe-sets';
import { PurchaseOrderDto } from './dto/purchase-order.dto';
import {
  MAX_RECIPE_SET_PAGE_SIZE,
  MAX_SEARCH_DAYS,
  MAX_SEARCH_PAGE_SIZE,
  OrderSearchDto,
} from './dto/search.dto';
import { DateRangeTooLong, PurchaseOrderNotFound } from './orders.errors';
import { OrderReadsRepository, OrderWithLines } from './order-reads.repository';
import { OrdersRepository } from './orders.repository';
import { toPurchaseOrderDto } from './purchase-order.mapper';

const DAY_MS = 86_400_000;

export interface Page<T> {
  items: T[];
  total: number;
}

/** Reads of orders: by number, search, and the recipe-set listing of a client. */
@Injectable()
export class OrderQueriesService {
  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly orders: OrdersRepository,
    private readonly recipeSets: RecipeSetsService,
    private readonly clients: ClientsService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {}

  async getByNumber(actor: Actor, purchaseOrderNumber: string): Promise<PurchaseOrderDto> {
    const found = await this.reads.byNumber(actor.clientId, purchaseOrderNumber);
    if (!found) throw new PurchaseOrderNotFound(purchaseOrderNumber);
    return this.toDto(actor, found);
  }

  /** The readable ids of the recipe sets the order's line items name (404 for no such order). */
  async recipeSetsOf(actor: Actor, purchaseOrderNumber: string): Promise<string[]> {
    const ids = await this.orders.recipeSetReadableIds(actor.clientId, purchaseOrderNumber);
    if (!ids) throw new PurchaseOrderNotFound(purchaseOrderNumber);
    return ids;
  }

  async search(
    actor: Actor,
    dto: OrderSearchDto,
    page: number,
    pageSize: number,
  ): Promise<Page<PurchaseOrderDto>> {
    const ignore = dto.ignoreDateRestriction === true;
    const from = dto.lastModificationStartDate ?? undefined;
    const to = dto.lastModificationEndDate ?? this.clock.now();
    if (!from && !ignore) {
      throw new ValidationFailed(
        'Invalid request: lastModificationStartDate is required unless ignoreDateRestriction is true.',
        [{ field: 'lastModificationStartDate', message: 'is required' }],
      );
    }
    if (from && from > to) {
      throw new ValidationFailed(
        'Invalid request: lastModificationStartDate must not be after lastModificationEndDate.',
        [{ field: 'lastModificationStartDate', message: 'is after lastModificationEndDate' }],
      );
    }
    if (from && !ignore && to.getTime() - from.getTime() > MAX_SEARCH_DAYS * DAY_MS) {
      throw new DateRangeTooLong(
        Math.ceil((to.getTime() - from.getTime()) / DAY_MS),
        MAX_SEARCH_DAYS,
      );
    }
    const size = Math.min(pageSize, MAX_SEARCH_PAGE_SIZE);
    const { orders, total } = await this.reads.search(actor.clientId, {
      from,
      to,
      statuses: dto.workflowStatuses ?? [],
      offset: (page - 1) * size,
      limit: size,
    });
    return { items: orders.map((found) => this.toDto(actor, found)), total };
  }

  /** Endpoint 7: ids of a client's recipe sets in a status, modified on or after `fromDate`. */
  async listRecipeSets(
    actor: Actor,
    params: {
      clientHandle: string;
      fromDate: string;
      status: string;
      idType?: string;
      page: number;
      pageSize: number;
    },
  ): Promise<Page<string>> {
    const handle = ClientAccess.handleInPath(actor, params.clientHandle);
    const since = parseIsoDate(params.fromDate);
    if (!since)
      throw new ValidationFailed(
        `Invalid request: fromDate ${params.fromDate} is not an ISO 8601 date or date-time.`,
        [{ field: 'fromDate', message: 'must be an ISO 8601 date or date-time' }],
      );
    const status = canonicalEnum(RECIPE_STATUSES, params.status);
    if (!RECIPE_STATUSES.includes(status as string)) {
      throw new ValidationFailed(
        `Invalid request: status ${params.status} is not one of ${RECIPE_STATUSES.join(', ')}.`,
        [{ field: 'status', message: 'must be a RecipeStatus' }],
      );
    }
    const idType = canonicalEnum(['Guid', 'Readable'], params.idType ?? 'Guid');
    if (idType !== 'Guid' && idType !== 'Readable') {
      throw new ValidationFailed(
        `Invalid request: idType ${params.idType} must be Guid or Readable.`,
        [{ field: 'idType', message: 'must be Guid or Readable' }],
      );
    }
    const client = await this.clients.getByHandle(handle);
    const size = Math.min(params.pageSize, MAX_RECIPE_SET_PAGE_SIZE);
    const { ids, total } = await this.recipeSets.listIds(client.id, {
      status: status as RecipeStatus,
      since,
      idType,
      offset: (params.page - 1) * size,
      limit: size,
    });
    return { items: ids, total };
  }

  private toDto(actor: Actor, { order, lines }: OrderWithLines): PurchaseOrderDto {
    return toPurchaseOrderDto(order, lines, actor.clientHandle, this.cipher);
  }
}
