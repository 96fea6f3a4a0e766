import { Injectable, Logger } from '@nestjs/common';
import { AssetsService } from '../assets';
import {
  CatalogService,
  demoArtwork,
  DemoCatalogInstaller,
  DemoInstallResult,
  demoProductHandles,
  ProductNotFound,
} from '../catalog';
import { Role } from '../common/auth/role';
import { DomainError, ErrorKind, ValidationFailed } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { ClientsService, Plan, TokensService } from '../clients';
import { createCountProblem, RecipeSetDesignsService, RecipeStatus } from '../recipe-sets';
import { SavedAssetsService } from '../saved-assets';
import { DEMO_CONSOLE_USER, DemoAccount } from './demo-account';
import { demoActor } from './demo-actor';
import { demoDesign } from './demo-designs';
import { DemoExampleIds, DemoIds } from './demo-example-ids';
import { seedDemoLibrary } from './demo-saved-assets';

export const DEMO_CLIENT_HANDLE = 'demo';
export const DEFAULT_DEMO_PRODUCT = 'demo-tee';

export interface DemoSeedResult {
  created: boolean;
  clientHandle: string;
  /** The Admin token, only when this call created the demo client. */
  token?: string;
  /** The console user's e-mail address and password, only when this call created them. */
  consoleUser?: { email: string; password: string };
  /** Readable ids of the demo recipe sets created with the client (its oldest, when it existed). */
  recipeSets: string[];
}

export interface DemoRecipeSet {
  readableId: string;
  uuid: string;
  productHandle: string;
  status: RecipeStatus;
}

/**
 * The readable ids of the demo's recipe sets, fixed so that the documentation's and Swagger's
 * examples name them (the first is in the OpenAPI examples).
 */
export const DEMO_READABLE_IDS = ['DEMTEE2A', 'DEMTEE2B', 'DEMTEE2C', 'DEMTEE2D', 'DEMTEE2E'];
const DEMO_RECIPE_SETS = DEMO_READABLE_IDS.length;
/**
 * A demo recipe set on the product with render states (the bottle's lid and background, and the
 * preset `print-output`), which the render-state examples name.
 */
export const DEMO_RENDER_STATE_RECIPE_SET = {
  readableId: 'DEMBTL2A',
  product: 'demo-bottle',
  preset: 'print-output',
};

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
 * Demo data: a client with an Admin token, the demo catalog, a few designed recipe sets, a
 * small artwork library (saved assets with production jobs) and the account rows Swagger's
 * examples act on (DemoAccount), created once and never in production; and the operator commands that put the demo catalog
 * and designed recipe sets into any client.
 */
@Injectable()
export class DemoService {
  /** One line per seeding step, among the start-up's lines. */
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly config: AppConfig,
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
    private readonly catalog: CatalogService,
    private readonly installer: DemoCatalogInstaller,
    private readonly assets: AssetsService,
    private readonly designs: RecipeSetDesignsService,
    private readonly saved: SavedAssetsService,
    private readonly account: DemoAccount,
    private readonly exampleIds: DemoExampleIds,
  ) {}

  async seed(): Promise<DemoSeedResult> {
    if (this.config.nodeEnv === 'production') throw new DemoDataNotInProduction();
    const existing = await this.clients.findByHandle(DEMO_CLIENT_HANDLE);
    if (existing) {
      this.logger.log(`demo client "${DEMO_CLIENT_HANDLE}" exists: nothing to create`);
      this.exampleIds.set(await this.findIds(existing));
      return {
        created: false,
        clientHandle: DEMO_CLIENT_HANDLE,
        recipeSets: await this.designs.oldestReadableIds(existing.id, DEMO_RECIPE_SETS),
      };
    }
    const client = await this.clients.create({
      handle: DEMO_CLIENT_HANDLE,
      name: 'Demo Client',
      plan: Plan.Standard,
    });
    // Its designs may be shared (Swagger's share example sends one; e-mails wait in the outbox).
    await this.clients.setSharing(DEMO_CLIENT_HANDLE, true);
    const issued = await this.tokens.issue(DEMO_CLIENT_HANDLE, { role: Role.Admin, label: 'demo' });
    this.logger.log(`demo client "${DEMO_CLIENT_HANDLE}" created with an Admin token`);
    const catalog = await this.installCatalog(DEMO_CLIENT_HANDLE);
    this.logger.log(`demo catalog: ${catalog.installed.join(', ')}`);
    const recipeSets = await this.createRecipeSets(DEMO_CLIENT_HANDLE, {
      count: DEMO_RECIPE_SETS,
      readableIds: DEMO_READABLE_IDS,
    });
    this.logger.log(
      `demo designs: ${recipeSets.length} recipe sets (${recipeSets.map((r) => r.readableId).join(', ')})`,
    );
    const library = await seedDemoLibrary(client, this.assets, this.saved);
    this.logger.log(`demo library: ${library} saved assets with their production jobs`);
    const { readableId, product, preset } = DEMO_RENDER_STATE_RECIPE_SET;
    await this.createRecipeSets(DEMO_CLIENT_HANDLE, {
      count: 1,
      product,
      readableIds: [readableId],
    });
    this.logger.log(
      `demo render states: recipe set ${readableId} on ${product} (preset ${preset})`,
    );
    const account = await this.account.create(client, DEMO_READABLE_IDS[0], (line) =>
      this.logger.log(line),
    );
    this.exampleIds.set({ recipeUuid: recipeSets[0].uuid, ...account });
    const password = await this.account.createConsoleUser(client, (line) => this.logger.log(line));
    return {
      created: true,
      clientHandle: DEMO_CLIENT_HANDLE,
      token: issued.token,
      consoleUser: { email: DEMO_CONSOLE_USER.email, password },
      recipeSets: recipeSets.map((r) => r.readableId),
    };
  }

  /** The ids of the demo rows the examples name, as they are now (see DemoExampleIds). */
  private async findIds(client: { id: string; handle: string }): Promise<Partial<DemoIds>> {
    const first = DEMO_READABLE_IDS[0];
    const recipeSet = await this.designs.get(demoActor(client), first).catch(() => undefined);
    return { recipeUuid: recipeSet?.uuid, ...(await this.account.find(client, first)) };
  }

  /** Installs the demo products the client lacks (`catalog install-demo`). */
  async installCatalog(
    clientHandle: string,
    onProgress?: (line: string) => void,
  ): Promise<DemoInstallResult> {
    const client = await this.clients.getByHandle(clientHandle);
    return this.installer.install(client.id, undefined, onProgress);
  }

  /**
   * `count` recipe sets of the client on `product` (default demo-tee), each with text and the
   * demo image; a demo product the client lacks is installed first (`recipe-set create`).
   * `onProgress` hears a line as each step ends. `readableIds` fixes their ids (the demo's).
   */
  async createRecipeSets(
    clientHandle: string,
    {
      count,
      product = DEFAULT_DEMO_PRODUCT,
      onProgress,
      readableIds,
    }: {
      count: number;
      product?: string;
      onProgress?: (line: string) => void;
      readableIds?: readonly string[];
    },
  ): Promise<DemoRecipeSet[]> {
    const problem = createCountProblem(count);
    if (problem) throw new ValidationFailed(`${problem}.`);
    const client = await this.clients.getByHandle(clientHandle);
    const handle = product.trim().toLowerCase();
    let found = await this.catalog.find(client.id, handle);
    if (!found && demoProductHandles().includes(handle)) {
      await this.installer.install(client.id, handle, onProgress);
      found = await this.catalog.find(client.id, handle);
    }
    if (!found) throw new ProductNotFound(product);
    onProgress?.('uploading the demo artwork');
    const artwork = await this.assets.upload(
      client.id,
      { bytes: await demoArtwork(), fileName: 'demo-artwork.png' },
      { userFacingFileName: 'demo-artwork.png' },
    );
    const created: DemoRecipeSet[] = [];
    for (let n = 1; n <= count; n++) {
      const r = await this.designs.create(
        client.id,
        { productHandle: handle, design: demoDesign(found.definition, n, artwork.id) },
        readableIds?.[n - 1],
      );
      created.push({
        readableId: r.readableId,
        uuid: r.uuid,
        productHandle: r.productHandle,
        status: r.status,
      });
      onProgress?.(`recipe set ${n} of ${count} created (${r.readableId})`);
    }
    return created;
  }
}
