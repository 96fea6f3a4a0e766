import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { CredentialsController } from './credentials.controller';
import { InvitationPageController } from './invitation-page.controller';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';
import { SessionsController } from './sessions/sessions.controller';

/** The users routes, the credential check, the invitation page and the console's sign-in. */
@Module({
  // The credential check answers with a token's actor: ClientsModule's TokenAuthenticator.
  imports: [UsersModule, ClientsModule],
  controllers: [
    UsersController,
    CredentialsController,
    InvitationPageController,
    SessionsController,
  ],
})
export class UsersHttpModule {}
