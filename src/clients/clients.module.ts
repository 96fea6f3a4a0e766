import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { CLIENT_ENTITIES } from './entities';
import { TokenCache } from './token-cache';
import { TokensService } from './tokens.service';

@Module({
  imports: [TypeOrmModule.forFeature(CLIENT_ENTITIES)],
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
