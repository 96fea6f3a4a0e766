import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { ClientsController } from './clients.controller';
import { OrderSettingsController } from './order-settings.controller';
import { ClientsModule } from './clients.module';

/** The clients routes: the admin routes for accounts and tokens, the current client, order settings. */
@Module({
  imports: [ClientsModule],
  controllers: [AdminController, ClientsController, OrderSettingsController],
})
export class ClientsHttpModule {}
