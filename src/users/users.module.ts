import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { FailureCounter } from '../common/rate-limits/failure-counter';
import { RedisConnection } from '../common/redis/redis-connection';
import { AppConfig } from '../config/app-config';
import { ADDRESS_FAILURES, CREDENTIAL_FAILURES, CredentialsService } from './credentials.service';
import { InvitationsService } from './invitations.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users of client accounts: invitations and their acceptance page, credential checks. */
@Module({
  // The user's table is registered by ClientsModule, which owns the identities.
  imports: [ClientsModule],
  providers: [
    UsersRepository,
    UsersService,
    InvitationsService,
    CredentialsService,
    {
      provide: CREDENTIAL_FAILURES,
      inject: [RedisConnection, AppConfig],
      useFactory: (redis: RedisConnection, config: AppConfig) =>
        new FailureCounter(redis, config.users.failures),
    },
    {
      provide: ADDRESS_FAILURES,
      inject: [RedisConnection, AppConfig],
      useFactory: (redis: RedisConnection, config: AppConfig) =>
        new FailureCounter(redis, config.users.addressFailures),
    },
  ],
  // UsersService: also the operator CLI's `user` commands.
  exports: [UsersService, CredentialsService, InvitationsService],
})
export class UsersModule {}
