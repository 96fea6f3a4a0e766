import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { ClientsModule } from '../clients/clients.module';
import { CatalogImagesController } from './catalog-images.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { DemoCatalogInstaller } from './demo/demo-installer';
import { CATALOG_ENTITIES } from './entities';
import { ProductsController } from './products.controller';

@Module({
  imports: [TypeOrmModule.forFeature(CATALOG_ENTITIES), ClientsModule, AssetsModule],
  controllers: [ProductsController, CatalogImagesController],
  providers: [CatalogRepository, CatalogService, DemoCatalogInstaller],
  exports: [CatalogService, DemoCatalogInstaller],
})
export class CatalogModule {}
