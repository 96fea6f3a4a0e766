import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ClientAccess, ClientNotFound } from '../common/auth/client-access';
import { Actor } from '../common/auth/actor';
import { ValidationFailed } from '../common/errors/domain-error';
import { clientHandleProblem, normalizeClientHandle } from './client-handle';
import {
  ClientDto,
  ClientSettingsDto,
  CreateClientDto,
  CurrentClientDto,
  UpdateClientDto,
} from './clients.dto';
import { ClientHandleTaken } from './clients.errors';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { ClientsRepository } from './clients.repository';
import { DEFAULT_SKU_POLICY, SkuPolicy } from './client-settings';
import { ClientAccountEntity, Plan } from './entities/client-account.entity';

export function toClientDto(c: ClientAccountEntity): ClientDto {
  return {
    id: c.id,
    handle: c.handle,
    name: c.name,
    plan: c.plan,
    sandbox: c.sandbox,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toSettingsDto(c: ClientAccountEntity): ClientSettingsDto {
  return {
    handle: c.handle,
    name: c.name,
    sharingEnabled: c.sharingEnabled,
    currency: c.currency,
    signInUrl: c.signInUrl,
    storefrontUrl: c.storefrontUrl,
    skuPolicy: c.skuPolicy,
  };
}

/** How long a client account read with a token stays good for GET /api/clients/current. */
const SNAPSHOT_TTL_MS = 1_000;
const MAX_SNAPSHOTS = 10_000;

/** Client accounts: the tenants. */
@Injectable()
export class ClientsService {
  /**
   * Accounts read in the last second, by id: the token lookup reads the account anyway, so the
   * cheapest authenticated route answers from memory (as stale as the token cache, at most 1 s).
   */
  private readonly snapshots = new Map<string, { client: ClientDto; until: number }>();

  constructor(
    private readonly repo: ClientsRepository,
    private readonly clock: Clock,
  ) {}

  /** Remembers an account just read from the database (see `current`). */
  remember(client: ClientAccountEntity): void {
    if (this.snapshots.size >= MAX_SNAPSHOTS) this.snapshots.clear();
    this.snapshots.set(client.id, {
      client: toClientDto(client),
      until: this.clock.now().getTime() + SNAPSHOT_TTL_MS,
    });
  }

  async create(input: CreateClientDto): Promise<ClientDto> {
    const handle = normalizeClientHandle(input.handle);
    const problem = clientHandleProblem(handle);
    if (problem) throw new ValidationFailed(`${problem}.`, [{ field: 'handle', message: problem }]);
    try {
      const client = await this.repo.insertClient(
        handle,
        input.name,
        input.plan ?? Plan.Standard,
        input.sandbox ?? false,
      );
      return toClientDto(client);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ClientHandleTaken(handle);
      throw err;
    }
  }

  /** The caller's own client account, with the role of the token it called with. */
  async current(actor: Actor): Promise<CurrentClientDto> {
    const snapshot = this.snapshots.get(actor.clientId);
    if (snapshot && snapshot.until > this.clock.now().getTime())
      return { ...snapshot.client, role: actor.role };
    const client = await this.repo.getClientByHandle(actor.clientHandle);
    if (!client) throw new ClientNotFound(actor.clientHandle);
    this.remember(client);
    return { ...toClientDto(client), role: actor.role };
  }

  async list(): Promise<ClientDto[]> {
    return (await this.repo.listClients()).map(toClientDto);
  }

  async findByHandle(handle: string): Promise<ClientDto | undefined> {
    const client = await this.repo.getClientByHandle(normalizeClientHandle(handle));
    return client ? toClientDto(client) : undefined;
  }

  /** Whether the client's designs may be shared (read now, not from a cache). */
  async sharingEnabled(handle: string): Promise<boolean> {
    const client = await this.repo.getClientByHandle(normalizeClientHandle(handle));
    return client?.sharingEnabled ?? false;
  }

  /** Switches sharing on or off for a client (operators). */
  setSharing(handle: string, enabled: boolean): Promise<ClientSettingsDto> {
    return this.updateSettings(handle, { sharingEnabled: enabled });
  }

  /** The client's settings (read now); 404 for an unknown client. */
  async settings(handle: string): Promise<ClientSettingsDto> {
    return this.updateSettings(handle, {});
  }

  /** Changes the settings `changes` names (null removes a URL); answers them all as they are now. */
  async updateSettings(handle: string, changes: UpdateClientDto): Promise<ClientSettingsDto> {
    const canonical = normalizeClientHandle(handle);
    const { sharingEnabled, currency, signInUrl, storefrontUrl, skuPolicy } = changes ?? {};
    const set = Object.fromEntries(
      Object.entries({ sharingEnabled, currency, signInUrl, storefrontUrl, skuPolicy }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    const client = await this.repo.updateClient(canonical, set);
    if (!client) throw new ClientNotFound(handle);
    return toSettingsDto(client);
  }

  /** Whom to tell of a change to the client's account: its active Admin users (at most 50). */
  activeAdminContacts(clientId: string): Promise<{ email: string; locale: string }[]> {
    return this.repo.activeAdminContacts(clientId, 50);
  }

  /** Which of the clients `ids` are sandbox clients (their messages are held, never sent). */
  sandboxIds(ids: readonly string[]): Promise<Set<string>> {
    return this.repo.sandboxIds(ids);
  }

  /**
   * Locks the client's account until the caller's transaction ends (call it inside a unit of
   * work): writers that count the client's rows against a limit before adding one take it first,
   * so that concurrent ones count one after another.
   */
  lockAccount(clientId: string): Promise<void> {
    return this.repo.lockClient(clientId);
  }

  /**
   * How the client's acknowledgements check SKUs (inside the caller's unit of work);
   * the default for a client that no longer exists.
   */
  async skuPolicy(clientId: string): Promise<SkuPolicy> {
    return (await this.repo.skuPolicyOf(clientId)) ?? DEFAULT_SKU_POLICY;
  }

  /**
   * The order settings of the client `clientHandle` names, changed as `changes` says (none: only
   * read): the caller's own client, or any for a ServiceAdmin (else 403); 404 for no such client.
   */
  async orderSettings(
    actor: Actor,
    clientHandle: string,
    changes: { skuPolicy?: SkuPolicy } = {},
  ): Promise<{ skuPolicy: SkuPolicy }> {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    const { skuPolicy } = await this.updateSettings(handle, { skuPolicy: changes.skuPolicy });
    return { skuPolicy };
  }

  /**
   * The id of the client `clientHandle` names, if the caller may act for it (its own, or any for a
   * ServiceAdmin; else 403); 404 for a handle no client has.
   */
  async idFor(actor: Actor, clientHandle: string): Promise<string> {
    const handle = ClientAccess.handleInPath(actor, clientHandle);
    if (handle === actor.clientHandle) return actor.clientId;
    const client = await this.findByHandle(handle);
    if (!client) throw new ClientNotFound(handle);
    return client.id;
  }

  async getByHandle(handle: string): Promise<ClientDto> {
    const client = await this.findByHandle(handle);
    if (!client) throw new ClientNotFound(handle);
    return client;
  }
}
