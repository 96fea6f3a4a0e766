import { Injectable } from '@nestjs/common';
import { Role } from '../common/auth/role';
import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { ClientsService } from '../clients/clients.service';
import { Plan } from '../clients/entities/client-account.entity';
import { TokensService } from '../clients/tokens.service';
import { RecipeSetsService } from '../recipesets';

export const DEMO_CLIENT_HANDLE = 'demo';

export interface DemoSeedResult {
  created: boolean;
  clientHandle: string;
  /** The Admin token, only when this call created the demo client. */
  token?: string;
  /** Readable ids of the demo recipe sets created with the client. */
  recipeSets?: string[];
}

const DEMO_RECIPE_SETS = 5;

/** Demo data is for trying the service out: its Admin token is printed, so never in production. */
export class DemoDataNotInProduction extends DomainError {
  constructor() {
    super(
      'DEMO_NOT_IN_PRODUCTION',
      ErrorKind.Forbidden,
      'Demo data is never created when NODE_ENV=production.',
    );
  }
}

/**
 * Demo data for embedded mode: a client with an Admin token and a few recipe sets, created once,
 * and never in production.
 */
@Injectable()
export class DemoService {
  constructor(
    private readonly config: AppConfig,
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
    private readonly recipeSets: RecipeSetsService,
  ) {}

  async seed(): Promise<DemoSeedResult> {
    if (this.config.nodeEnv === 'production') throw new DemoDataNotInProduction();
    if (await this.clients.findByHandle(DEMO_CLIENT_HANDLE)) {
      return { created: false, clientHandle: DEMO_CLIENT_HANDLE };
    }
    const client = await this.clients.create({
      handle: DEMO_CLIENT_HANDLE,
      name: 'Demo Client',
      plan: Plan.Standard,
    });
    const issued = await this.tokens.issue(DEMO_CLIENT_HANDLE, { role: Role.Admin, label: 'demo' });
    const recipeSets = await this.recipeSets.create(client.id, {
      productHandle: 'demo-tshirt',
      count: DEMO_RECIPE_SETS,
    });
    return {
      created: true,
      clientHandle: DEMO_CLIENT_HANDLE,
      token: issued.token,
      recipeSets: recipeSets.map((r) => r.readableId),
    };
  }
}
