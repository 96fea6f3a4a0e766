import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { Role, roleAllowed, roleSatisfies, roleWithin } from '../common/auth/role';
import { Clock } from '../common/clock/clock';
import { isUuid } from '../common/validation/uuid';
import { CreateTokenDto, IssuedTokenDto, TokenDto } from './clients.dto';
import {
  SandboxRoleRefused,
  TokenNotFound,
  TokenPrefixAmbiguous,
  TokenUserInvalid,
  TokenUserNotFound,
} from './clients.errors';
import { ActiveToken, ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { UserStatus } from './entities/user.entity';
import { ApiTokenEntity } from './entities/api-token.entity';
import { TokenCache } from './token-cache';
import { hashToken, isSandboxToken, newTokenSecret } from './token-secret';

/** `last_used_at` is a hint for operators, written at most once a minute per token per instance. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_TOUCH_ENTRIES = 10_000;
/** The `tokenId` of a caller that presented a signed URL rather than a token. */
export const SIGNED_URL_TOKEN_ID = 'signed-url';

function toTokenDto(t: ApiTokenEntity, clientHandle: string): TokenDto {
  return {
    id: t.id,
    prefix: t.prefix,
    clientHandle,
    role: t.role,
    label: t.label,
    userId: t.userId,
    createdAt: t.createdAt.toISOString(),
    revokedAt: t.revokedAt?.toISOString() ?? null,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
  };
}

function actorOf(token: ActiveToken): Actor {
  return {
    clientId: token.clientId,
    clientHandle: token.client.handle,
    // A sandbox client's token never acts for another client, whatever role it names.
    role: roleWithin(token.role, token.client.sandbox),
    tokenId: token.id,
    sandbox: token.client.sandbox,
  };
}

/** Issues, lists, revokes and authenticates API tokens. */
@Injectable()
export class TokensService implements TokenAuthenticator {
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly repo: ClientsRepository,
    private readonly clients: ClientsService,
    private readonly cache: TokenCache,
    private readonly clock: Clock,
  ) {}

  /**
   * Issues a token; with `lifetimeMs` it expires that long from now (see parseTokenLifetime). A
   * sandbox client's token holds at most SANDBOX_ROLE_CEILING (400 else).
   */
  async issue(
    clientHandle: string,
    input: CreateTokenDto,
    lifetimeMs?: number,
  ): Promise<IssuedTokenDto> {
    const client = await this.clients.getByHandle(clientHandle);
    if (!roleAllowed(input.role, client.sandbox)) throw new SandboxRoleRefused(input.role);
    const expiresAt =
      lifetimeMs === undefined ? null : new Date(this.clock.now().getTime() + lifetimeMs);
    if (input.userId) await this.checkUser(client.id, input.userId, input.role);
    const secret = newTokenSecret(client.sandbox);
    const token = await this.repo.insertToken({
      clientId: client.id,
      role: input.role,
      label: input.label ?? null,
      userId: input.userId ?? null,
      prefix: secret.prefix,
      tokenHash: secret.hash,
      expiresAt,
    });
    return { ...toTokenDto(token, client.handle), token: secret.token };
  }

  async list(clientHandle: string): Promise<TokenDto[]> {
    const client = await this.clients.getByHandle(clientHandle);
    return (await this.repo.listTokens(client.id)).map((t) => toTokenDto(t, client.handle));
  }

  /** Revokes by id, or by the displayed prefix when it names exactly one token. */
  async revoke(idOrPrefix: string): Promise<TokenDto> {
    const token = await this.find(idOrPrefix.trim());
    await this.repo.revokeToken(token.id);
    await this.cache.revoked(token.id);
    const revoked = (await this.repo.getTokenById(token.id))!;
    return toTokenDto(revoked, revoked.client!.handle);
  }

  /** Served from the cache of successful lookups when it can (see TokenCache). */
  async authenticate(presented: string): Promise<Actor | undefined> {
    if (presented.length > 256) return undefined;
    const hash = hashToken(presented);
    const cached = this.cache.get(hash);
    if (cached) {
      await this.touch(cached.tokenId);
      return cached;
    }
    const generation = this.cache.generation;
    const token = await this.repo.getActiveTokenByHash(hash, this.clock.now());
    // A token's prefix and its client agree (a sandbox client's tokens are `pci_test_…`, no live
    // client's are): a live token never acts for a sandbox client, nor a test token for a live one.
    if (!token || isSandboxToken(presented) !== token.client.sandbox) return undefined;
    const actor = actorOf(token);
    this.cache.set(hash, actor, generation, token.expiresAt);
    this.clients.remember(token.client);
    await this.touch(token.id);
    return actor;
  }

  /** Read from the database each time (no cache): a revocation takes effect at once. */
  async authenticateTokenId(tokenId: string): Promise<Actor | undefined> {
    if (!isUuid(tokenId)) return undefined;
    const token = await this.repo.getActiveTokenById(tokenId, this.clock.now());
    return token ? actorOf(token) : undefined;
  }

  /**
   * A signed URL acts as a `User` of the client it was signed for, with no token of its own; the
   * link stops working if the client is deleted.
   */
  async signedUrlActor(clientHandle: string): Promise<Actor | undefined> {
    const client = await this.clients.findByHandle(clientHandle);
    if (!client) return undefined;
    return {
      clientId: client.id,
      clientHandle: client.handle,
      role: Role.User,
      tokenId: SIGNED_URL_TOKEN_ID,
      sandbox: client.sandbox,
    };
  }

  /**
   * Drops the cached lookups of these tokens here and on every instance (their user was disabled:
   * the next request looks them up again and is refused).
   */
  async forget(tokenIds: readonly string[]): Promise<void> {
    for (const id of tokenIds) await this.cache.revoked(id);
  }

  private async checkUser(clientId: string, userId: string, role: Role): Promise<void> {
    const user = await this.repo.findUser(clientId, userId);
    if (!user) throw new TokenUserNotFound(userId);
    if (user.status !== UserStatus.Active)
      throw new TokenUserInvalid(userId, 'names a user who is not active');
    if (!roleSatisfies(user.role as unknown as Role, role))
      throw new TokenUserInvalid(userId, `names a ${user.role}, who cannot hold a ${role} token`);
  }

  private async find(idOrPrefix: string): Promise<ApiTokenEntity> {
    if (isUuid(idOrPrefix)) {
      const token = await this.repo.getTokenById(idOrPrefix);
      if (token) return token;
      throw new TokenNotFound(idOrPrefix);
    }
    const matches = await this.repo.findTokensByPrefix(idOrPrefix);
    if (matches.length === 0) throw new TokenNotFound(idOrPrefix);
    if (matches.length > 1) throw new TokenPrefixAmbiguous(idOrPrefix);
    return matches[0];
  }

  private async touch(tokenId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.lastTouched.get(tokenId) ?? 0) < TOUCH_INTERVAL_MS) return;
    if (this.lastTouched.size >= MAX_TOUCH_ENTRIES) this.lastTouched.clear();
    this.lastTouched.set(tokenId, now);
    await this.repo.touchToken(tokenId);
  }
}
