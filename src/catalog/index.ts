/**
 * What other modules may use of the catalog. Everything else in this folder is its own business.
 */
export { CatalogModule } from './catalog.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { CatalogHttpModule } from './catalog-http.module';
export { CatalogService } from './catalog.service';
export type { CatalogProduct } from './catalog.service';
export type { OrderableProduct } from './catalog.repository';
export { ProductNotFound } from './catalog.errors';
export { DemoCatalogInstaller, demoProductHandles } from './demo/demo-installer';
export type { DemoInstallResult } from './demo/demo-installer';
export { demoArtwork, demoCatalog } from './demo/demo-products';
export { cacheDemoImages } from './demo/demo-artwork';
export * from './product-definition';
export { HANDLE_PATTERN } from './dto/handle';
/** The create example, for the OpenAPI examples of the operations on the product it creates. */
export { PRODUCT_EXAMPLE } from './catalog.examples';
export { ProductEntity } from './entities/product.entity';
/** For other modules' SQL: the tables' names (they import them, not write them). */
export { PRODUCT_TABLE } from './entities/product.entity';
export { CLIENT_PRINT_SETTINGS_TABLE } from './entities/print-settings.entity';
export { CATALOG_ENTITIES } from './entities';
export * from './print-settings';
export { PrintSettingsService } from './print-settings.service';
