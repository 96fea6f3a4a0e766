import { PrintFailureRequestEntity } from './print-failure-request.entity';
import { PrintFileSetEntity } from './print-file-set.entity';

export const WEB_TO_PRINT_ENTITIES = [PrintFileSetEntity, PrintFailureRequestEntity];
