import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { ClockModule } from '../common/clock/clock';
import { AdminController } from './admin.controller';
import { ClientsController } from './clients.controller';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { OrderSettingsController } from './order-settings.controller';
import { CLIENT_ENTITIES } from './entities';
import { TokenCache } from './token-cache';
import { TokensService } from './tokens.service';

@Module({
  // ClockModule is global in the app; imported here for the CLI, which builds a smaller graph.
  imports: [TypeOrmModule.forFeature(CLIENT_ENTITIES), ClockModule],
  controllers: [AdminController, ClientsController, OrderSettingsController],
  providers: [
    ClientsRepository,
    ClientsService,
    TokensService,
    TokenCache,
    { provide: TokenAuthenticator, useExisting: TokensService },
  ],
  exports: [ClientsService, TokensService, TokenAuthenticator],
})
export class ClientsModule {}
