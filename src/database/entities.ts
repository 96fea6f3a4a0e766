import { ApiTokenEntity } from '../clients/entities/api-token.entity';
import { ClientAccountEntity } from '../clients/entities/client-account.entity';
import { LogEntryEntity } from '../logentries/entities/log-entry.entity';

/** Every TypeORM entity of the service: the schema the migrations must produce. */
export const ENTITIES = [ClientAccountEntity, ApiTokenEntity, LogEntryEntity];
