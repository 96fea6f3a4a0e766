import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog';
import { OrdersModule } from '../orders';
import { RecipeSetsModule } from '../recipe-sets';
import { RenderModule } from '../render';
import { WEB_TO_PRINT_ENTITIES } from './entities';
import { PrintFailures } from './print-failures';
import { PrintFileSetsRepository } from './print-file-sets.repository';
import { PrintFilesJob } from './print-files.job';
import { PrintReadsRepository } from './print-reads.repository';
import { PrintSettingsKeys } from './print-settings-keys';
import { WebToPrintService } from './web-to-print.service';
import { SpecificationService } from './specification.service';

/** Print-ready files of recipe sets: made by jobs, served by the web-to-print routes. */
@Module({
  imports: [
    TypeOrmModule.forFeature(WEB_TO_PRINT_ENTITIES),
    RecipeSetsModule,
    RenderModule,
    CatalogModule,
    OrdersModule,
  ],
  providers: [
    PrintFileSetsRepository,
    PrintFilesJob,
    WebToPrintService,
    SpecificationService,
    PrintFailures,
    PrintReadsRepository,
    PrintSettingsKeys,
  ],
  exports: [PrintFailures, WebToPrintService, SpecificationService],
})
export class WebToPrintModule {}
