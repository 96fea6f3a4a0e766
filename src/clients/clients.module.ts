import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { AdminController } from './admin.controller';
import { ClientsController } from './clients.controller';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { ApiTokenEntity } from './entities/api-token.entity';
import { ClientAccountEntity } from './entities/client-account.entity';
import { TokenCache } from './token-cache';
import { TokensService } from './tokens.service';

@Module({
  imports: [TypeOrmModule.forFeature([ClientAccountEntity, ApiTokenEntity])],
  controllers: [AdminController, ClientsController],
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
