import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import {
  OrderQueriesService,
  OrderUpdatesService,
  PurchaseOrderNotFound,
  UpdateRejected,
  UpdateResultDto,
  WorkflowStatus,
} from '../orders';
import {
  AdvanceDto,
  CancelDto,
  SandboxUpdateResultDto,
  ShipDto,
  ShippedPackageDto,
} from './sandbox.dto';

/** Generated tracking numbers: SBX and 10 characters without look-alikes. */
const TRACKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function sandboxTrackingNumber(): string {
  let id = 'SBX';
  for (let i = 0; i < 10; i++) id += TRACKING_ALPHABET[randomInt(TRACKING_ALPHABET.length)];
  return id;
}

/**
 * The order helpers of sandbox clients: each makes the change through the route a partner's
 * factory would call (a workflow-status update, a ship notification), so it fires exactly the
 * events the real transition fires. All or nothing: a helper that names a line item the order
 * does not have changes nothing (404, as the real route).
 */
@Injectable()
export class SandboxOrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly queries: OrderQueriesService,
    private readonly updates: OrderUpdatesService,
  ) {}

  async advance(
    actor: Actor,
    purchaseOrderNumber: string,
    dto: AdvanceDto,
    requestId: string | null,
  ): Promise<UpdateResultDto> {
    const named = dto.recipeSetReadableId
      ? [dto.recipeSetReadableId]
      : await this.lineRecipeSets(actor, purchaseOrderNumber);
    return this.setStatus(actor, purchaseOrderNumber, named, dto.to, requestId);
  }

  async cancel(
    actor: Actor,
    purchaseOrderNumber: string,
    dto: CancelDto,
    requestId: string | null,
  ): Promise<UpdateResultDto> {
    const named =
      dto.recipeSetReadableIds ?? (await this.lineRecipeSets(actor, purchaseOrderNumber));
    return this.setStatus(actor, purchaseOrderNumber, named, WorkflowStatus.Cancelled, requestId);
  }

  /** One ship notification per package, all in one transaction (one event per line item shipped). */
  async ship(
    actor: Actor,
    purchaseOrderNumber: string,
    dto: ShipDto,
    requestId: string | null,
  ): Promise<SandboxUpdateResultDto> {
    const all = await this.lineRecipeSets(actor, purchaseOrderNumber);
    const packages: ShippedPackageDto[] = (dto.packages ?? [{}]).map((p) => ({
      recipeSetReadableIds: p.recipeSetReadableIds ?? all,
      shipmentVendor: p.shipmentVendor ?? null,
      shipmentTracking: p.shipmentTracking?.length ? p.shipmentTracking : [sandboxTrackingNumber()],
    }));
    const results = await this.uow.run(async () => {
      const done: UpdateResultDto[] = [];
      for (const p of packages)
        done.push(
          await this.updates.shipNotification(
            actor,
            {
              purchaseOrderNumber,
              lineItems: p.recipeSetReadableIds.map((recipeSetReadableId) => ({
                recipeSetReadableId,
                shipmentTracking: p.shipmentTracking,
                shipmentVendor: p.shipmentVendor,
              })),
            },
            requestId,
          ),
        );
      return done;
    });
    return {
      purchaseOrderNumber,
      status: 'OK',
      details: results.map((r) => r.details).join(' '),
      packages,
    };
  }

  private setStatus(
    actor: Actor,
    purchaseOrderNumber: string,
    recipeSets: string[],
    workflowStatus: WorkflowStatus,
    requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.updates.updateStatus(
      actor,
      {
        purchaseOrderNumber,
        lineItems: recipeSets.map((recipeSetReadableId) => ({
          recipeSetReadableId,
          workflowStatus,
        })),
      },
      requestId,
    );
  }

  /** As recipeSetsOf, with the update routes' answer (an UpdateResult) for a missing order. */
  private async lineRecipeSets(actor: Actor, purchaseOrderNumber: string): Promise<string[]> {
    try {
      return await this.recipeSetsOf(actor, purchaseOrderNumber);
    } catch (err) {
      if (err instanceof PurchaseOrderNotFound)
        throw new UpdateRejected(
          purchaseOrderNumber,
          `Purchase order ${purchaseOrderNumber} was not found.`,
        );
      throw err;
    }
  }

  /** The readable ids of the order's line items (404 for an order the client does not have). */
  recipeSetsOf(actor: Actor, purchaseOrderNumber: string): Promise<string[]> {
    return this.queries.recipeSetsOf(actor, purchaseOrderNumber);
  }
}
