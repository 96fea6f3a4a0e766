import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { RecipeSetsModule } from '../recipe-sets';
import { AcknowledgementsService } from './acknowledgements.service';
import { ORDER_ENTITIES } from './entities';
import { OrderQueriesService } from './order-queries.service';
import { PrintFileOrdersRepository } from './print-file-orders.repository';
import { PrintFileOrdersService } from './print-file-orders.service';
import { OrderUpdatesService } from './order-updates.service';
import { OrdersRepository } from './orders.repository';
import { OrderReadsRepository } from './order-reads.repository';
import { OrderListRepository } from './order-list.repository';
import { OrderListService } from './order-list.service';

@Module({
  imports: [TypeOrmModule.forFeature(ORDER_ENTITIES), RecipeSetsModule, ClientsModule],
  providers: [
    OrdersRepository,
    OrderReadsRepository,
    AcknowledgementsService,
    OrderUpdatesService,
    OrderQueriesService,
    OrderListRepository,
    OrderListService,
    PrintFileOrdersRepository,
    PrintFileOrdersService,
  ],
  exports: [
    AcknowledgementsService,
    OrderQueriesService,
    OrderListService,
    OrderUpdatesService,
    PrintFileOrdersService,
  ],
})
export class OrdersModule {}
