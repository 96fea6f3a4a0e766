import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients/clients.module';
import { RecipeSetsModule } from '../recipesets/recipe-sets.module';
import { AcknowledgementsService } from './acknowledgements.service';
import { BatchBodyPipe } from './batch-body.pipe';
import { LineItemHistoryEntity } from './entities/line-item-history.entity';
import { OrderLineItemEntity } from './entities/order-line-item.entity';
import { PrintFileRequestEntity } from './entities/print-file-request.entity';
import { PurchaseOrderEntity } from './entities/purchase-order.entity';
import { OrderQueriesService } from './order-queries.service';
import { OrderUpdatesService } from './order-updates.service';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { DeferredPrintFileScheduler, PrintFileScheduler } from './print-file-scheduler';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      PurchaseOrderEntity,
      OrderLineItemEntity,
      LineItemHistoryEntity,
      PrintFileRequestEntity,
    ]),
    RecipeSetsModule,
    ClientsModule,
  ],
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    AcknowledgementsService,
    OrderUpdatesService,
    OrderQueriesService,
    BatchBodyPipe,
    { provide: PrintFileScheduler, useClass: DeferredPrintFileScheduler },
  ],
  exports: [AcknowledgementsService, OrderQueriesService],
})
export class OrdersModule {}
