import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';

/** The demo client's Admin, as the seed acts (through the services, as an Admin would). */
export function demoActor(client: { id: string; handle: string }): Actor {
  return {
    clientId: client.id,
    clientHandle: client.handle,
    role: Role.Admin,
    tokenId: 'demo-seed',
    sandbox: false,
  };
}
