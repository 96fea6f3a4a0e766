import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller';
import { CatalogImagesController } from './catalog-images.controller';
import { PrintSettingsController } from './print-settings.controller';
import { CatalogModule } from './catalog.module';

/** The catalog routes: products, catalog images, print settings. */
@Module({
  imports: [CatalogModule],
  controllers: [ProductsController, CatalogImagesController, PrintSettingsController],
})
export class CatalogHttpModule {}
