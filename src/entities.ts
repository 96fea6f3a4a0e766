import { ASSET_ENTITIES } from './assets';
import { CATALOG_ENTITIES } from './catalog';
import { CLIENT_ENTITIES } from './clients';
import { IDEMPOTENCY_ENTITIES } from './common/idempotency/idempotency-key.entity';
import { LOG_ENTRY_ENTITIES } from './log-entries';
import { ORDER_ENTITIES } from './orders';
import { RECIPE_SET_ENTITIES } from './recipe-sets';
import { SAVED_ASSET_ENTITIES } from './saved-assets';
import { WEB_TO_PRINT_ENTITIES } from './web-to-print';
import { MessageDailyCountEntity, OutboxMessageEntity } from './messages';
import { PLAN_ENTITIES } from './plans';
import { SHARE_ENTITIES } from './share';
import { MODERATION_ENTITIES } from './moderation';
import { AVAILABILITY_ENTITIES } from './availability';
import { WEBHOOK_ENTITIES } from './webhooks';
import { USER_SESSION_ENTITIES } from './users';

/**
 * Every TypeORM entity of the service: the schema the migrations must produce. The running app
 * does not read this list (each module registers its own entities); the tools that work on the
 * whole schema without the modules do: the TypeORM CLI, the migration drift check, the test
 * template. The drift e2e test checks that the app's modules register exactly these.
 */
export const ENTITIES = [
  ...CLIENT_ENTITIES,
  ...USER_SESSION_ENTITIES,
  ...LOG_ENTRY_ENTITIES,
  ...IDEMPOTENCY_ENTITIES,
  ...ASSET_ENTITIES,
  ...CATALOG_ENTITIES,
  ...RECIPE_SET_ENTITIES,
  ...ORDER_ENTITIES,
  ...WEB_TO_PRINT_ENTITIES,
  ...SAVED_ASSET_ENTITIES,
  OutboxMessageEntity,
  MessageDailyCountEntity,
  ...PLAN_ENTITIES,
  ...SHARE_ENTITIES,
  ...MODERATION_ENTITIES,
  ...AVAILABILITY_ENTITIES,
  ...WEBHOOK_ENTITIES,
];
