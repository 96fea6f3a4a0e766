import { INestApplicationContext } from '@nestjs/common';
import { ClientsService } from '../clients';
import { Actor } from '../common/auth/actor';
import { Role, roleWithin } from '../common/auth/role';

/**
 * The operator acts as a ServiceAdmin of the client named (the routes' own checks apply); for a
 * sandbox client, as its Admin (a sandbox actor never acts for another client).
 */
export async function operatorOf(
  ctx: INestApplicationContext,
  clientHandle: string,
): Promise<Actor> {
  const client = await ctx.get(ClientsService).getByHandle(clientHandle);
  return {
    clientId: client.id,
    clientHandle: client.handle,
    role: roleWithin(Role.ServiceAdmin, client.sandbox),
    tokenId: 'cli',
    sandbox: client.sandbox,
  };
}

/** A ServiceAdmin of no client in particular: for things named by their id. */
export const OPERATOR: Actor = {
  clientId: '',
  clientHandle: '',
  role: Role.ServiceAdmin,
  tokenId: 'cli',
  sandbox: false,
};
