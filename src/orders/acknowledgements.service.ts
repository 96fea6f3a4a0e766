import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { acknowledgedAsDuplicate } from './sandbox-duplicates';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { FieldCipher } from '../common/crypto/field-cipher';
import { EventRecorder } from '../common/events/event-recorder';
import { DomainError } from '../common/errors/domain-error';
import { isUniqueViolation, violatedKeyValues } from '../common/persistence/pg-errors';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { yieldToLoop } from '../common/scheduling/yield-to-loop';
import { ClientsService } from '../clients';
import { AppConfig } from '../config/app-config';
import {
  RecipeSetNotFound,
  RecipeSetRecord,
  RecipeSetsService,
  RecipeStatus,
} from '../recipe-sets';
import {
  acknowledgedEvent,
  CheckedOrder,
  printFileJobs,
  refusedResults,
  result,
  warningEvents,
} from './acknowledgement-results';
import { AcknowledgementResultDto, OrderAcknowledgementDto } from './dto/acknowledgement.dto';
import { assertAddresses, OrderLine, orderLines } from './order-input';
import { inOrder, PurchaseOrderAlreadySubmitted, SkuRejected } from './orders.errors';
import { OrdersRepository } from './orders.repository';
import { acknowledgementRows } from './acknowledgement-rows';
import { orderSkuProblems, SkuProblem } from './sku-check';

const UNIQUE_ORDER_NUMBER = 'UQ_purchase_order_client_number';

interface PreparedOrder {
  dto: OrderAcknowledgementDto;
  lines: OrderLine[];
}

/** A prepared order with its lines' SKU problems (none under the `off` policy). */
type Checked = PreparedOrder & CheckedOrder;

/**
 * Acknowledgements (docs/design.md §6): every order of a request is stored in one transaction or
 * none is; recipe sets move to Ordered; their print-file jobs are sent in the same transaction
 * (docs/design.md §9: no job for a rolled-back order, no order without its jobs), at the order's
 * priority, one per design version. Uniqueness of (client, purchase order number) is the database's
 * to enforce.
 */
@Injectable()
export class AcknowledgementsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrdersRepository,
    private readonly recipeSets: RecipeSetsService,
    private readonly cipher: FieldCipher,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
    private readonly clients: ClientsService,
    private readonly config: AppConfig,
  ) {}

  /** One order (`POST /api/order/acknowledgement`, or `POST /api/order` with `requireAddresses`). */
  async acknowledge(
    actor: Actor,
    dto: OrderAcknowledgementDto,
    options: { requireAddresses: boolean },
  ): Promise<AcknowledgementResultDto> {
    return (await this.store(actor, [this.prepare(dto, options)], false))[0];
  }

  /** A batch: all orders or none (`POST /api/order/acknowledgements`); failures name the order. */
  async acknowledgeBatch(
    actor: Actor,
    dtos: OrderAcknowledgementDto[],
  ): Promise<AcknowledgementResultDto[]> {
    const prepared = dtos.map((dto) => {
      try {
        return this.prepare(dto, { requireAddresses: false });
      } catch (err) {
        throw err instanceof DomainError ? inOrder(err, dto.purchaseOrderNumber) : err;
      }
    });
    const seen = new Set<string>();
    for (const { dto } of prepared) {
      if (seen.has(dto.purchaseOrderNumber))
        throw new PurchaseOrderAlreadySubmitted(dto.purchaseOrderNumber);
      seen.add(dto.purchaseOrderNumber);
    }
    return this.store(actor, prepared, true);
  }

  private prepare(
    dto: OrderAcknowledgementDto,
    { requireAddresses }: { requireAddresses: boolean },
  ): PreparedOrder {
    if (requireAddresses) assertAddresses(dto);
    return { dto, lines: orderLines(dto, { maxQuantity: this.config.maxLineItemQuantity }) };
  }

  private async store(
    actor: Actor,
    prepared: PreparedOrder[],
    batch: boolean,
  ): Promise<AcknowledgementResultDto[]> {
    const named = (err: DomainError, po: string) => (batch ? inOrder(err, po) : err);
    try {
      return await this.uow.run(async () => {
        const refs = prepared.flatMap((p) => p.lines.map((l) => l.ref));
        const resolved = await this.recipeSets.resolve(actor.clientId, refs);
        for (const { dto, lines } of prepared) {
          const missing = lines.find((l) => !resolved.has(l.ref));
          if (missing)
            throw named(
              new RecipeSetNotFound(missing.ref, { logEntry: true }),
              dto.purchaseOrderNumber,
            );
        }
        const checked = await this.checkSkus(actor, prepared, resolved, batch);
        // A sandbox client's number ending in -409 is refused as a number already taken would be.
        const duplicate = prepared.find((p) =>
          acknowledgedAsDuplicate(actor.sandbox, p.dto.purchaseOrderNumber),
        );
        if (duplicate) throw new PurchaseOrderAlreadySubmitted(duplicate.dto.purchaseOrderNumber);
        // A number already taken fails the insert (the unique constraint; caught below).
        const now = this.clock.now();
        const rows = [];
        for (const p of checked) {
          await yieldToLoop(); // a large batch encrypts and builds thousands of rows
          rows.push(acknowledgementRows(this.cipher, actor, p, resolved, now));
        }
        await this.orders.insertOrders(
          rows.map((r) => r.order),
          rows.flatMap((r) => r.lines),
          rows.flatMap((r) => r.due),
        );
        const due = rows.flatMap((r) => r.due);
        const versions = await this.recipeSets.setStatus(
          due.map((d) => d.recipeSetId),
          RecipeStatus.Ordered,
          now,
        );
        await this.jobs.sendMany(
          'print-files',
          printFileJobs(due, versions, { clientId: actor.clientId, sandbox: actor.sandbox }),
        );
        await this.events.record(
          checked.flatMap((p) => [
            acknowledgedEvent(actor.clientId, p.purchaseOrderNumber, p.lines, resolved),
            ...warningEvents(actor.clientId, p, resolved),
          ]),
        );
        return prepared.map(({ dto, lines }) => result(dto.purchaseOrderNumber, lines, resolved));
      });
    } catch (err) {
      // A concurrent acknowledgement of the same number committed first.
      if (isUniqueViolation(err, UNIQUE_ORDER_NUMBER)) {
        const values = violatedKeyValues(err);
        throw new PurchaseOrderAlreadySubmitted(values?.[1] ?? prepared[0].dto.purchaseOrderNumber);
      }
      throw err;
    }
  }

  /**
   * Each line's SKU problems under the client's policy (docs/design.md §6): `strict` refuses the
   * request with them (SkuRejected, before anything is written), `warn` keeps them to store with
   * the lines, `off` checks nothing.
   */
  private async checkSkus(
    actor: Actor,
    prepared: PreparedOrder[],
    resolved: Map<string, RecipeSetRecord>,
    batch: boolean,
  ): Promise<Checked[]> {
    const policy = await this.clients.skuPolicy(actor.clientId);
    const products =
      policy === 'off' ? new Map() : await this.recipeSets.orderableProducts(resolved.values());
    const checked = prepared.map((p) => ({
      ...p,
      purchaseOrderNumber: p.dto.purchaseOrderNumber,
      problems:
        products.size === 0
          ? p.lines.map((): SkuProblem[] => [])
          : orderSkuProblems(p.lines, resolved, products),
    }));
    if (policy === 'strict' && checked.some((o) => o.problems.some((l) => l.length > 0)))
      throw new SkuRejected(refusedResults(checked, resolved), batch);
    return checked;
  }
}
