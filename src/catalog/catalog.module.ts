import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { ClientsModule } from '../clients';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { DemoCatalogInstaller } from './demo/demo-installer';
import { CATALOG_ENTITIES } from './entities';
import { PrintSettingsRepository } from './print-settings.repository';
import { PrintSettingsService } from './print-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature(CATALOG_ENTITIES), ClientsModule, AssetsModule],
  providers: [
    CatalogRepository,
    CatalogService,
    DemoCatalogInstaller,
    PrintSettingsRepository,
    PrintSettingsService,
  ],
  exports: [CatalogService, DemoCatalogInstaller, PrintSettingsService],
})
export class CatalogModule {}
