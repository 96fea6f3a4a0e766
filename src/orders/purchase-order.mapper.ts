import { FieldCipher } from '../common/crypto/field-cipher';
import { LineItemDto, PurchaseOrderDto } from './dto/purchase-order.dto';
import { FulfillmentType, ProofStatus } from './order.enums';
import { LineItemRow } from './orders.repository';
import type { OrderRow } from './order-reads.repository';
import { giftMessageContext, PersonalData, personalDataContext } from './order-encryption';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function toLineItemDto(li: LineItemRow, cipher: FieldCipher): LineItemDto {
  return {
    id: li.id,
    recipeSetId: li.recipeSetReadableId,
    recipeSetUuid: li.recipeSetId,
    externalLineItemId: li.externalLineItemId,
    giftMessage:
      li.giftMessage === null
        ? null
        : cipher.decrypt(li.giftMessage, giftMessageContext(li.orderId, li.position)),
    workflowStatus: li.workflowStatus,
    proofStatus: li.proofStatus as ProofStatus | null,
    isReorder: li.isReorder,
    lastModification: li.lastModifiedAt.toISOString(),
    shipmentVendor: li.shipmentVendor,
    shipmentTracking: li.shipmentTracking?.length ? li.shipmentTracking.join(',') : null,
    sku: li.sku,
    quantity: li.quantity,
    unitPrice: li.unitPrice ?? 0,
    size: li.size,
    productName: li.productName,
    estimatedDeliveryDate: iso(li.estimatedDeliveryDate),
    skuQuantities: li.skuQuantities,
    components: li.components,
    serialNumbers: li.serialNumbers,
  };
}

/** The PurchaseOrder response; personal data and gift messages are decrypted here and nowhere else. */
export function toPurchaseOrderDto(
  order: OrderRow,
  lines: LineItemRow[],
  clientHandle: string,
  cipher: FieldCipher,
): PurchaseOrderDto {
  const personal = cipher.decryptJson<PersonalData>(
    order.personalData,
    personalDataContext(order.id),
  );
  return {
    emailAddress: personal.emailAddress,
    phoneNumber: personal.phoneNumber,
    clientHandle,
    purchaseOrderNumber: order.purchaseOrderNumber,
    orderDateTime: order.orderDate.toISOString(),
    productionStartDateTime: iso(order.productionStartAt),
    dateDeliveredToFactory: iso(order.deliveredToFactoryAt),
    userId: order.submittedBy,
    accountNumber: order.accountNumber,
    organizationId: order.organizationId,
    orderReference: order.orderReference,
    customerServiceContact: order.customerServiceContact,
    serialNumber: order.serialNumber,
    proofStatus: order.proofStatus,
    priority: order.priority,
    fulfillmentType: order.fulfillmentType as FulfillmentType | null,
    customerAddress: personal.customerAddress,
    shippingAddress: personal.shippingAddress,
    lineItems: lines.map((li) => toLineItemDto(li, cipher)),
    lastModification: order.lastModifiedAt.toISOString(),
  };
}
