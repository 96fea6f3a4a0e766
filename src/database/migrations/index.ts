import { Foundation1763700000000 } from './1763700000000-foundation';
import { Orders1763800000000 } from './1763800000000-orders';
import { IdempotencyResponses1763900000000 } from './1763900000000-idempotency-responses';
import { EncryptGiftMessages1764000000000 } from './1764000000000-encrypt-gift-messages';
import { TokenExpiry1764100000000 } from './1764100000000-token-expiry';
import { EncryptedKeyIds1764200000000 } from './1764200000000-encrypted-key-ids';
import { UploadedAssets1764300000000 } from './1764300000000-uploaded-assets';
import { CatalogAndDesigns1764400000000 } from './1764400000000-catalog-and-designs';
import { PrintFileSets1764500000000 } from './1764500000000-print-file-sets';
import { SavedAssets1764600000000 } from './1764600000000-saved-assets';
import { Outbox1764700000000 } from './1764700000000-outbox';
import { Users1764800000000 } from './1764800000000-users';
import { Share1764900000000 } from './1764900000000-share';
import { Moderation1765000000000 } from './1765000000000-moderation';
import { Availability1765100000000 } from './1765100000000-availability';
import { Plans1765200000000 } from './1765200000000-plans';
import { LibraryLimit1766003000000 } from './1766003000000-library-limit';
import { PrintFailureLog1766003100000 } from './1766003100000-print-failure-log';
import { Webhooks1766003200000 } from './1766003200000-webhooks';
import { EventFanout1766003300000 } from './1766003300000-event-fanout';
import { PrintSettings1766003400000 } from './1766003400000-print-settings';
import { OutboxUnsent1766003500000 } from './1766003500000-outbox-unsent';
import { ClientPageSettings1766003600000 } from './1766003600000-client-page-settings';
import { Sandbox1766003700000 } from './1766003700000-sandbox';
import { UserAddressWorlds1767100000000 } from './1767100000000-user-address-worlds';
import { WebhookFairDelivery1767300000000 } from './1767300000000-webhook-fair-delivery';
import { SkuPolicy1767400000000 } from './1767400000000-sku-policy';
import { UserSessions1767500000000 } from './1767500000000-user-sessions';
import { OrderListIndexes1767600000000 } from './1767600000000-order-list-indexes';

/** Every migration, in order. Schema changes happen only here (synchronize is never on). */
export const MIGRATIONS = [
  Foundation1763700000000,
  Orders1763800000000,
  IdempotencyResponses1763900000000,
  EncryptGiftMessages1764000000000,
  TokenExpiry1764100000000,
  EncryptedKeyIds1764200000000,
  UploadedAssets1764300000000,
  CatalogAndDesigns1764400000000,
  PrintFileSets1764500000000,
  SavedAssets1764600000000,
  Outbox1764700000000,
  Users1764800000000,
  Share1764900000000,
  Moderation1765000000000,
  Availability1765100000000,
  Plans1765200000000,
  LibraryLimit1766003000000,
  PrintFailureLog1766003100000,
  Webhooks1766003200000,
  EventFanout1766003300000,
  PrintSettings1766003400000,
  OutboxUnsent1766003500000,
  ClientPageSettings1766003600000,
  Sandbox1766003700000,
  UserAddressWorlds1767100000000,
  WebhookFairDelivery1767300000000,
  SkuPolicy1767400000000,
  UserSessions1767500000000,
  OrderListIndexes1767600000000,
];
