import { ClientPrintSettingsEntity } from './print-settings.entity';
import { ProductEntity } from './product.entity';

/** The tables the catalog module owns. */
export const CATALOG_ENTITIES = [ProductEntity, ClientPrintSettingsEntity];
