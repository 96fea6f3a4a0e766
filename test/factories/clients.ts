import { INestApplication } from '@nestjs/common';
import { ClientsService, Plan, TokensService } from '../../src/clients';
import { Role } from '../../src/common/auth/role';

export interface TestClient {
  id: string;
  handle: string;
  token: string;
  tokenId: string;
}

let sequence = 0;

/**
 * A client account with one token of `role`, created through the real services; with `sandbox`,
 * a sandbox client (its token starts with `pci_test_`).
 */
export async function createClient(
  app: INestApplication,
  {
    handle,
    role = Role.User,
    sandbox = false,
  }: { handle?: string; role?: Role; sandbox?: boolean } = {},
): Promise<TestClient> {
  const clientHandle = handle ?? `client-${process.pid}-${++sequence}`;
  const client = await app.get(ClientsService).create({
    handle: clientHandle,
    name: `Client ${clientHandle}`,
    plan: Plan.Standard,
    sandbox,
  });
  const issued = await app.get(TokensService).issue(clientHandle, { role });
  return { id: client.id, handle: client.handle, token: issued.token, tokenId: issued.id };
}

/** Another token for an existing client. */
export async function createToken(
  app: INestApplication,
  handle: string,
  role: Role,
): Promise<string> {
  return (await app.get(TokensService).issue(handle, { role })).token;
}
