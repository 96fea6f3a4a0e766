import { randomUUID } from 'node:crypto';
import type { Actor } from '../common/auth/actor';
import type { FieldCipher } from '../common/crypto/field-cipher';
import type { RecipeSetRecord } from '../recipe-sets';
import type { OrderAcknowledgementDto } from './dto/acknowledgement.dto';
import type { Address, AddressDto } from './dto/address.dto';
import { giftMessageContext, PersonalData, personalDataContext } from './order-encryption';
import { DEFAULT_PRIORITY, isInProgress } from './order.enums';
import type { OrderLine } from './order-input';
import type { NewLineItem, NewOrder, NewPrintFileRequest } from './orders.repository';
import type { SkuProblem } from './sku-check';

/** An order as the acknowledgement stores it: its input, its lines and each line's SKU problems. */
export interface AcknowledgedOrder {
  dto: OrderAcknowledgementDto;
  lines: OrderLine[];
  problems: SkuProblem[][];
}

/** The rows of one acknowledged order: the order, its line items, its print-file requests. */
export interface AcknowledgementRows {
  order: NewOrder;
  lines: NewLineItem[];
  due: NewPrintFileRequest[];
}

function address(a: AddressDto | null | undefined): Address | null {
  if (!a) return null;
  return {
    firstName: a.firstName ?? null,
    lastName: a.lastName ?? null,
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    city: a.city ?? null,
    state: a.state ?? null,
    province: a.province ?? null,
    postalCode: a.postalCode ?? null,
    country: a.country ?? null,
  };
}

/**
 * The rows an acknowledged order is stored as (docs/design.md §6), `id` its new id: personal data
 * and gift messages encrypted under their contexts (order-encryption.ts), the order's workflow
 * statuses, production started now when a line comes in progress, the SKU warnings the `warn`
 * policy accepted each line with, and one print-file request per recipe set at the order's
 * priority. `resolved` maps each line's recipe-set reference to its recipe set.
 */
export function acknowledgementRows(
  cipher: FieldCipher,
  actor: Pick<Actor, 'clientId' | 'tokenId'>,
  { dto, lines, problems }: AcknowledgedOrder,
  resolved: ReadonlyMap<string, Pick<RecipeSetRecord, 'id'>>,
  now: Date,
  id: string = randomUUID(),
): AcknowledgementRows {
  const personal: PersonalData = {
    emailAddress: dto.emailAddress ?? null,
    phoneNumber: dto.phoneNumber ?? null,
    customerAddress: address(dto.customerAddress),
    shippingAddress: address(dto.shippingAddress),
  };
  const order: NewOrder = {
    id,
    clientId: actor.clientId,
    purchaseOrderNumber: dto.purchaseOrderNumber,
    orderDate: dto.orderDate,
    submittedBy: actor.tokenId,
    accountNumber: dto.accountNumber ?? null,
    organizationId: dto.organizationId ?? null,
    orderReference: dto.orderReference ?? null,
    customerServiceContact: dto.customerServiceContact ?? null,
    serialNumber: dto.serialNumber ?? null,
    proofStatus: dto.proofStatus ?? null,
    priority: dto.priority ?? null,
    fulfillmentType: dto.fulfillmentType ?? null,
    personalData: cipher.encryptJson(personal, personalDataContext(id)),
    workflowStatuses: [...new Set(lines.map((l) => l.workflowStatus))].sort(),
    // A line acknowledged already in progress starts production now (docs/design.md §6).
    productionStartAt: lines.some((l) => isInProgress(l.workflowStatus)) ? now : null,
    deliveredToFactoryAt: null,
    lastModifiedAt: now,
  };
  const lineRows: NewLineItem[] = lines.map((l, position) => ({
    orderId: id,
    recipeSetId: resolved.get(l.ref)!.id,
    position,
    externalLineItemId: l.input.externalLineItemId ?? null,
    giftMessage:
      l.input.giftMessage == null
        ? null
        : cipher.encrypt(l.input.giftMessage, giftMessageContext(id, position)),
    workflowStatus: l.workflowStatus,
    proofStatus: l.input.proofStatus ?? null,
    isReorder: l.input.isReorder ?? false,
    shipmentVendor: l.input.shipmentVendor ?? null,
    shipmentTracking: l.input.shipmentTracking?.length ? l.input.shipmentTracking : null,
    sku: l.sku,
    quantity: l.quantity,
    unitPrice: l.input.unitPrice ?? null,
    size: l.input.size ?? null,
    productName: l.input.productName ?? null,
    estimatedDeliveryDate: l.input.estimatedDeliveryDate ?? null,
    skuQuantities: l.skuQuantities,
    components:
      l.input.components?.map((c) => ({
        name: c.name ?? null,
        clientIdentifier: c.clientIdentifier ?? null,
        description: c.description ?? null,
        quantity: c.quantity ?? 0,
        unitPrice: c.unitPrice ?? 0,
      })) ?? null,
    serialNumbers: l.input.serialNumbers ?? null,
    skuWarnings: problems[position].length > 0 ? problems[position].map((p) => p.message) : null,
    lastModifiedAt: now,
  }));
  const recipeSetIds = [...new Set(lineRows.map((l) => l.recipeSetId))];
  const due: NewPrintFileRequest[] = recipeSetIds.map((recipeSetId) => ({
    clientId: actor.clientId,
    orderId: id,
    recipeSetId,
    priority: dto.priority ?? DEFAULT_PRIORITY,
  }));
  return { order, lines: lineRows, due };
}
