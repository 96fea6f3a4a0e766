import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { Clock } from '../common/clock/clock';
import { FieldCipher } from '../common/crypto/field-cipher';
import { newWebhookSecret } from '../common/crypto/standard-webhooks';
import {
  LookupBudgetExceeded,
  OutboundTargets,
  TargetRefused,
} from '../common/http/outbound-target';
import { MessageQuota } from '../messages';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { isUuid } from '../common/validation/uuid';
import { ClientsService } from '../clients';
import { AppConfig, WebhookSettings } from '../config/app-config';
import {
  CreatedEndpointDto,
  CreateEndpointDto,
  EndpointDto,
  UpdateEndpointDto,
} from './dto/endpoint.dto';
import { WebhookEndpointEntity } from './entities';
import { StoredEventRecorder } from './stored-event-recorder';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { secretContext } from './webhook-secrets';
import {
  TooManyWebhookEndpoints,
  WebhookEndpointDailyLimit,
  WebhookEndpointNotFound,
  WebhookLookupsLimited,
  WebhookTargetRefused,
} from './webhooks.errors';

/** The daily count of endpoint creations, beside the message counts (MessageQuota). */
const CREATIONS = 'webhook-endpoint';

/** How long a rotated-out secret keeps signing deliveries beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

export function toEndpointDto(e: WebhookEndpointEntity): EndpointDto {
  return {
    id: e.id,
    url: e.url,
    eventTypes: e.eventTypes,
    description: e.description,
    status: e.status,
    disabledReason: e.disabledReason,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/**
 * A client's webhook endpoints (Admin; a ServiceAdmin for any client): their URLs are checked
 * against the SSRF rules when saved, their secrets are encrypted and shown only when made.
 */
@Injectable()
export class WebhookEndpointsService {
  private readonly settings: WebhookSettings;

  constructor(
    config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly repo: WebhookEndpointsRepository,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly recorder: StoredEventRecorder,
    private readonly clients: ClientsService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly targets: OutboundTargets,
    private readonly quota: MessageQuota,
  ) {
    this.settings = config.webhooks;
  }

  /** The client the caller acts for: its own, or the one a ServiceAdmin names. */
  clientIdFor(actor: Actor, clientHandle?: string): Promise<string> {
    return clientHandle === undefined
      ? Promise.resolve(actor.clientId)
      : this.clients.idFor(actor, clientHandle);
  }

  /** An endpoint the caller may act on, else 404 (another client's too). */
  async owned(actor: Actor, id: string): Promise<WebhookEndpointEntity> {
    const endpoint = isUuid(id) ? await this.repo.find(id) : null;
    return ClientAccess.owned(actor, endpoint, () => new WebhookEndpointNotFound(id));
  }

  async create(
    actor: Actor,
    clientHandle: string | undefined,
    dto: CreateEndpointDto,
  ): Promise<CreatedEndpointDto> {
    const clientId = await this.clientIdFor(actor, clientHandle);
    // Both limits up front: a client at its cap spends no DNS lookup (the count is taken again,
    // locked, with the insert; the day's creations are claimed there).
    if ((await this.repo.count(clientId)) >= this.settings.maxEndpoints)
      throw new TooManyWebhookEndpoints(this.settings.maxEndpoints);
    const limit = this.settings.endpointDailyCreations;
    if ((await this.quota.usedToday(clientId, CREATIONS, this.clock.now())) >= limit)
      throw new WebhookEndpointDailyLimit(limit, this.clock.now());
    const url = await this.checkedUrl(dto.url, clientId);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const now = this.clock.now();
    const row: WebhookEndpointEntity = {
      id,
      clientId,
      url,
      eventTypes: dto.eventTypes ? [...new Set(dto.eventTypes)] : null,
      description: dto.description ?? null,
      status: 'enabled',
      disabledReason: null,
      secret: this.cipher.encrypt(secret, secretContext(id)),
      previousSecret: null,
      previousSecretUntil: null,
      failingSince: null,
      consecutiveFailures: 0,
      breakerOpenUntil: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.uow.run(async () => {
      // The client's lock first: two concurrent creations cannot both pass the limit.
      await this.clients.lockAccount(clientId);
      if ((await this.repo.count(clientId)) >= this.settings.maxEndpoints)
        throw new TooManyWebhookEndpoints(this.settings.maxEndpoints);
      if (!(await this.quota.claim(clientId, CREATIONS, 1, limit, now)).granted)
        throw new WebhookEndpointDailyLimit(limit, now);
      await this.repo.insert(row);
    });
    return { ...toEndpointDto(row), secret };
  }

  async list(actor: Actor, clientHandle?: string): Promise<EndpointDto[]> {
    const clientId = await this.clientIdFor(actor, clientHandle);
    return (await this.repo.list(clientId)).map(toEndpointDto);
  }

  async get(actor: Actor, id: string): Promise<EndpointDto> {
    return toEndpointDto(await this.owned(actor, id));
  }

  async update(actor: Actor, id: string, dto: UpdateEndpointDto): Promise<EndpointDto> {
    const owned = await this.owned(actor, id);
    const url = dto.url === undefined ? undefined : await this.checkedUrl(dto.url, owned.clientId);
    return this.uow.run(async () => {
      const endpoint = await this.repo.lock(id);
      if (!endpoint) throw new WebhookEndpointNotFound(id);
      const now = this.clock.now();
      const set: Partial<WebhookEndpointEntity> = { updatedAt: now };
      if (url !== undefined) set.url = url;
      if (dto.eventTypes !== undefined)
        set.eventTypes = dto.eventTypes ? [...new Set(dto.eventTypes)] : null;
      if (dto.description !== undefined) set.description = dto.description;
      if (dto.status !== undefined && dto.status !== endpoint.status) {
        set.status = dto.status;
        set.disabledReason = null;
        set.failingSince = null;
        set.consecutiveFailures = 0;
        set.breakerOpenUntil = null;
        if (dto.status === 'disabled')
          await this.attempts.failPending(id, 'the endpoint was disabled', now);
      }
      await this.repo.update(id, set);
      return toEndpointDto({ ...endpoint, ...set });
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.repo.delete(id);
  }

  /** A new secret; the old one keeps signing (a second signature) for SECRET_OVERLAP_MS. */
  async rotate(actor: Actor, id: string): Promise<string> {
    await this.owned(actor, id);
    const secret = newWebhookSecret();
    await this.uow.run(async () => {
      const endpoint = await this.repo.lock(id);
      if (!endpoint) throw new WebhookEndpointNotFound(id);
      const now = this.clock.now();
      const current = this.cipher.decrypt(endpoint.secret, secretContext(id));
      await this.repo.update(id, {
        secret: this.cipher.encrypt(secret, secretContext(id)),
        previousSecret: this.cipher.encrypt(current, secretContext(id, 'previous')),
        previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
        updatedAt: now,
      });
    });
    return secret;
  }

  /** Sends a `webhook.ping` to the endpoint (to a disabled one, it is recorded failed). */
  async test(actor: Actor, id: string): Promise<{ attemptId: string; eventId: string }> {
    const endpoint = await this.owned(actor, id);
    return this.recorder.ping(endpoint);
  }

  /** The URL trimmed, if it passes the target rules (resolving its host now, in the client's budget). */
  private async checkedUrl(raw: string, clientId: string): Promise<string> {
    try {
      return (await this.targets.resolve(raw.trim(), clientId)).url.href;
    } catch (err) {
      if (err instanceof TargetRefused) throw new WebhookTargetRefused('url', err.reason);
      if (err instanceof LookupBudgetExceeded)
        throw new WebhookLookupsLimited(err.limit, err.retryAfterSeconds);
      throw err;
    }
  }
}
