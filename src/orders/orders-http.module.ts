import { Module } from '@nestjs/common';
import { BatchBodyPipe } from './batch-body.pipe';
import { OrderListController } from './order-list.controller';
import { OrdersController } from './orders.controller';
import { OrdersModule } from './orders.module';

/** The orders routes (the console's list among them); the batch body's pipe is theirs. */
@Module({
  imports: [OrdersModule],
  controllers: [OrdersController, OrderListController],
  providers: [BatchBodyPipe],
})
export class OrdersHttpModule {}
