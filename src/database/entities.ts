import { ApiTokenEntity } from '../clients/entities/api-token.entity';
import { ClientAccountEntity } from '../clients/entities/client-account.entity';
import { IdempotencyKeyEntity } from '../common/idempotency/idempotency-key.entity';
import { LogEntryEntity } from '../logentries/entities/log-entry.entity';
import { LineItemHistoryEntity } from '../orders/entities/line-item-history.entity';
import { OrderLineItemEntity } from '../orders/entities/order-line-item.entity';
import { PrintFileRequestEntity } from '../orders/entities/print-file-request.entity';
import { PurchaseOrderEntity } from '../orders/entities/purchase-order.entity';
import { RecipeSetEntity } from '../recipesets/entities/recipe-set.entity';

/** Every TypeORM entity of the service: the schema the migrations must produce. */
export const ENTITIES = [
  ClientAccountEntity,
  ApiTokenEntity,
  LogEntryEntity,
  IdempotencyKeyEntity,
  RecipeSetEntity,
  PurchaseOrderEntity,
  OrderLineItemEntity,
  LineItemHistoryEntity,
  PrintFileRequestEntity,
];
