import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { FailureCounter } from '../common/rate-limits/failure-counter';
import { RedisConnection } from '../common/redis/redis-connection';
import { SessionAuthenticator } from '../common/auth/console-session';
import { AppConfig } from '../config/app-config';
import { ADDRESS_FAILURES, CREDENTIAL_FAILURES, CredentialsService } from './credentials.service';
import { InvitationsService } from './invitations.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { USER_SESSION_ENTITIES } from './sessions/user-session.entity';

/** Users of client accounts: invitations and their acceptance page, credential checks, console sessions. */
@Module({
  // The user's table is registered by ClientsModule, which owns the identities.
  imports: [TypeOrmModule.forFeature(USER_SESSION_ENTITIES), ClientsModule],
  providers: [
    SessionsRepository,
    SessionsService,
    // The global guard resolves console session cookies with it.
    { provide: SessionAuthenticator, useExisting: SessionsService },
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
  exports: [
    UsersService,
    CredentialsService,
    InvitationsService,
    SessionsService,
    SessionAuthenticator,
  ],
})
export class UsersModule {}
