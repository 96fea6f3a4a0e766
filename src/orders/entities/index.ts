import { LineItemHistoryEntity } from './line-item-history.entity';
import { OrderLineItemEntity } from './order-line-item.entity';
import { PrintFileRequestEntity } from './print-file-request.entity';
import { PurchaseOrderEntity } from './purchase-order.entity';

/** The tables the orders module owns. */
export const ORDER_ENTITIES = [
  PurchaseOrderEntity,
  OrderLineItemEntity,
  LineItemHistoryEntity,
  PrintFileRequestEntity,
];
