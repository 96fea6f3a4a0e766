import { Module } from '@nestjs/common';
import { BatchBodyPipe } from './batch-body.pipe';
import { OrdersController } from './orders.controller';
import { OrdersModule } from './orders.module';

/** The orders routes; the batch body's pipe is theirs. */
@Module({
  imports: [OrdersModule],
  controllers: [OrdersController],
  providers: [BatchBodyPipe],
})
export class OrdersHttpModule {}
