import { Injectable } from '@nestjs/common';
import { In, IsNull, MoreThan, Repository } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { ApiTokenEntity } from './entities/api-token.entity';
import { ClientAccountEntity, Plan } from './entities/client-account.entity';
import { Role, roleSatisfies } from '../common/auth/role';
import { UserEntity, UserRole, UserStatus } from './entities/user.entity';
import type { SkuPolicy } from './client-settings';

export type ActiveToken = ApiTokenEntity & { client: ClientAccountEntity };

/**
 * Intent-named queries over client accounts and their API tokens. Inside a unit of work they run
 * in its transaction.
 */
@Injectable()
export class ClientsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get clients(): Repository<ClientAccountEntity> {
    return this.uow.manager.getRepository(ClientAccountEntity);
  }

  private get tokens(): Repository<ApiTokenEntity> {
    return this.uow.manager.getRepository(ApiTokenEntity);
  }

  insertClient(
    handle: string,
    name: string,
    plan: Plan,
    sandbox: boolean,
  ): Promise<ClientAccountEntity> {
    return this.clients.save(this.clients.create({ handle, name, plan, sandbox }));
  }

  /** The e-mail addresses and locales of the client's active Admin users, by address, at most `limit`. */
  activeAdminContacts(
    clientId: string,
    limit: number,
  ): Promise<{ email: string; locale: string }[]> {
    return this.uow.manager.getRepository(UserEntity).find({
      select: { email: true, locale: true },
      where: { clientId, role: UserRole.Admin, status: UserStatus.Active },
      order: { email: 'ASC' },
      take: limit,
    });
  }

  /** Which of `ids` are sandbox clients' (in the unit of work's transaction when there is one). */
  async sandboxIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.clients.find({
      select: { id: true },
      where: { id: In([...new Set(ids)]), sandbox: true },
    });
    return new Set(rows.map((r) => r.id));
  }

  /** Locks the client's row until the transaction ends (nothing when there is no such client). */
  async lockClient(id: string): Promise<void> {
    await this.uow.manager.query(`SELECT 1 FROM client_account WHERE id = $1 FOR UPDATE`, [id]);
  }

  listClients(): Promise<ClientAccountEntity[]> {
    return this.clients.find({ order: { handle: 'ASC' } });
  }

  getClientByHandle(handle: string): Promise<ClientAccountEntity | null> {
    return this.clients.findOneBy({ handle });
  }

  /** Changes the client's settings (none: only reads them); null when there is no such client. */
  async updateClient(
    handle: string,
    changes: Partial<
      Pick<
        ClientAccountEntity,
        'sharingEnabled' | 'currency' | 'signInUrl' | 'storefrontUrl' | 'skuPolicy'
      >
    >,
  ): Promise<ClientAccountEntity | null> {
    if (Object.keys(changes).length > 0) await this.clients.update({ handle }, changes);
    return this.clients.findOneBy({ handle });
  }

  /** The client's SKU policy; undefined when there is no such client. */
  async skuPolicyOf(clientId: string): Promise<SkuPolicy | undefined> {
    const client = await this.clients.findOne({
      where: { id: clientId },
      select: { id: true, skuPolicy: true },
    });
    return client?.skuPolicy;
  }

  insertToken(values: {
    clientId: string;
    role: Role;
    label: string | null;
    userId: string | null;
    prefix: string;
    tokenHash: string;
    expiresAt: Date | null;
  }): Promise<ApiTokenEntity> {
    return this.tokens.save(this.tokens.create({ ...values, revokedAt: null, lastUsedAt: null }));
  }

  /**
   * The token with this hash, with its client, unless it is revoked or expired at `now`, or
   * belongs to a user who is not active or whose role is now below the token's.
   */
  async getActiveTokenByHash(tokenHash: string, now: Date): Promise<ActiveToken | null> {
    const token = await this.tokens.findOne({
      where: [
        { tokenHash, revokedAt: IsNull(), expiresAt: IsNull() },
        { tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      ],
      relations: { client: true, user: true },
    });
    // A user's token works while the user is active, and with no more than the user's role now.
    if (token?.userId) {
      const user = token.user;
      if (user?.status !== UserStatus.Active) return null;
      if (!roleSatisfies(user.role as unknown as Role, token.role)) return null;
    }
    return token?.client ? (token as ActiveToken) : null;
  }

  /** The same rules for the token with this id. */
  async getActiveTokenById(id: string, now: Date): Promise<ActiveToken | null> {
    const token = await this.tokens.findOne({
      where: [
        { id, revokedAt: IsNull(), expiresAt: IsNull() },
        { id, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      ],
      relations: { client: true, user: true },
    });
    if (token?.userId && token.user?.status !== UserStatus.Active) return null;
    return token?.client ? (token as ActiveToken) : null;
  }

  /** A user of the client, for a token to belong to. */
  findUser(clientId: string, userId: string): Promise<UserEntity | null> {
    return this.uow.manager.findOneBy(UserEntity, { id: userId, clientId });
  }

  listTokens(clientId: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { clientId }, order: { createdAt: 'ASC' } });
  }

  getTokenById(id: string): Promise<ApiTokenEntity | null> {
    return this.tokens.findOne({ where: { id }, relations: { client: true } });
  }

  findTokensByPrefix(prefix: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { prefix }, relations: { client: true }, take: 2 });
  }

  /** Revokes once; a second call keeps the first revocation time. */
  async revokeToken(id: string): Promise<void> {
    await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  async touchToken(id: string): Promise<void> {
    await this.tokens.update({ id }, { lastUsedAt: () => 'now()' });
  }
}
