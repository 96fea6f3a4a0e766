import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { CredentialsController } from './credentials.controller';
import { InvitationPageController } from './invitation-page.controller';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';

/** The users routes, the credential check and the invitation page. */
@Module({
  // The credential check answers with a token's actor: ClientsModule's TokenAuthenticator.
  imports: [UsersModule, ClientsModule],
  controllers: [UsersController, CredentialsController, InvitationPageController],
})
export class UsersHttpModule {}
