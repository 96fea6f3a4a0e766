import { Injectable } from '@nestjs/common';
import { Role } from '../common/auth/role';
import { ClientsService } from '../clients/clients.service';
import { Plan } from '../clients/entities/client-account.entity';
import { TokensService } from '../clients/tokens.service';

export const DEMO_CLIENT_HANDLE = 'demo';

export interface DemoSeedResult {
  created: boolean;
  clientHandle: string;
  /** The Admin token, only when this call created the demo client. */
  token?: string;
}

/** Demo data for embedded mode: a client with an Admin token, created once. */
@Injectable()
export class DemoService {
  constructor(
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
  ) {}

  async seed(): Promise<DemoSeedResult> {
    if (await this.clients.findByHandle(DEMO_CLIENT_HANDLE)) {
      return { created: false, clientHandle: DEMO_CLIENT_HANDLE };
    }
    await this.clients.create({
      handle: DEMO_CLIENT_HANDLE,
      name: 'Demo Client',
      plan: Plan.Standard,
    });
    const issued = await this.tokens.issue(DEMO_CLIENT_HANDLE, { role: Role.Admin, label: 'demo' });
    return { created: true, clientHandle: DEMO_CLIENT_HANDLE, token: issued.token };
  }
}
