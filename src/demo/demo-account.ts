import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Role } from '../common/auth/role';
import { AppConfig } from '../config/app-config';
import { TokensService, UserRole } from '../clients';
import { ModerationListsService } from '../moderation';
import { ShareService } from '../share';
import { UsersService } from '../users';
import { WebhookDeliveriesService, WebhookEndpointsService } from '../webhooks';
import { demoActor } from './demo-actor';
import type { DemoIds } from './demo-example-ids';

type DemoClient = { id: string; handle: string };
/** The ids this file's rows have (the rest of DemoIds is the recipe sets'). */
export type DemoAccountIds = Partial<Omit<DemoIds, 'recipeUuid'>>;

/** The invited colleague (the invitation e-mail waits in the outbox without SMTP). */
export const DEMO_COLLEAGUE = {
  email: 'sam.taylor@example.com',
  firstName: 'Sam',
  lastName: 'Taylor',
};
/**
 * The demo's console user: an Admin who signs in at once (POST /api/session) with a random
 * password that start-up writes to an owner-only file beside the token's, never to the output.
 */
export const DEMO_CONSOLE_USER = {
  email: 'alex.morgan@example.com',
  firstName: 'Alex',
  lastName: 'Morgan',
  role: UserRole.Admin,
};
export const REVOKED_TOKEN_LABEL = "Swagger's revokeToken example revokes this token";
export const DEMO_WORD = { locale: 'en', word: 'blockhead' };
export const DEMO_BLOCKED_HASH = { hash: '8c3e1f0a9b7d2e64', label: 'demo: a blocked logo' };
/**
 * The demo's webhook endpoints: on this machine, and disabled. A disabled endpoint takes no event
 * and sends nothing: a test ping, a redelivery or a replay to it is recorded failed at once ("the
 * endpoint is disabled"), with no request, retry or warning; so trying the demo's orders makes no
 * failing deliveries in the console, while every route of the endpoint still answers its success
 * (an enabled one, even subscribed to a rare event, would fail each ping against a port nothing
 * listens on, and retry it for days). PATCH `status: enabled` with a receiver on the port (as in
 * docs/api/webhooks.md) to receive events.
 */
export const DEMO_WEBHOOK_URL = 'http://127.0.0.1:8080/hooks/customizer';
export const DEMO_ENDPOINT = 'Demo endpoint (disabled: enable it with a receiver on port 8080)';
export const REMOVABLE_ENDPOINT =
  "Demo endpoint that Swagger's deleteWebhookEndpoint example deletes";
const EVENT_TYPES = ['order.line_item.status_changed', 'print_files.ready'];

/**
 * The demo client's account rows that Swagger's examples act on: a colleague, a second token, a
 * share link, a moderation word and blocked hash, webhook endpoints with a delivery. Written
 * through the owning modules' services, as an Admin would; found again by what names them.
 */
@Injectable()
export class DemoAccount {
  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly share: ShareService,
    private readonly moderation: ModerationListsService,
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  /** Creates the rows (one `log` line per step); their ids. */
  async create(
    client: DemoClient,
    recipeSet: string,
    log: (line: string) => void,
  ): Promise<DemoAccountIds> {
    const actor = demoActor(client);
    const user = await this.users.invite(actor, DEMO_COLLEAGUE);
    log(`demo colleague: ${user.email} invited (the e-mail waits in the outbox without SMTP)`);
    const token = await this.tokens.issue(client.handle, {
      role: Role.User,
      label: REVOKED_TOKEN_LABEL,
    });
    log('demo token: a second token, for the revokeToken example');
    await this.share.send(actor, {
      emailAddresses: [DEMO_COLLEAGUE.email],
      recipeSetReadableId: recipeSet,
    });
    const [link] = await this.share.list(actor, recipeSet);
    log(`demo share link: ${recipeSet} shared with ${DEMO_COLLEAGUE.email}`);
    const word = await this.moderation.addWord(client.id, DEMO_WORD);
    const hash = await this.moderation.addHash(client.id, DEMO_BLOCKED_HASH);
    log(`demo moderation lists: the word "${word.word}" and the image hash ${hash.hash}`);
    return {
      userId: user.id,
      tokenId: token.id,
      shareLinkId: link?.id,
      moderationWordId: word.id,
      blockedHashId: hash.id,
      ...(await this.createEndpoints(client, log)),
    };
  }

  /** The console user, active with a new random password; the password (shown once). */
  async createConsoleUser(client: DemoClient, log: (line: string) => void): Promise<string> {
    const password = randomBytes(15).toString('base64url');
    await this.users.createActive(demoActor(client), DEMO_CONSOLE_USER, password);
    log(`demo console user: ${DEMO_CONSOLE_USER.email} (Admin), signs in with a random password`);
    return password;
  }

  /** The ids of the rows that are still there. */
  async find(client: DemoClient, recipeSet: string): Promise<DemoAccountIds> {
    const actor = demoActor(client);
    const users = await this.users.list(actor, undefined, 0, 100);
    const tokens = await this.tokens.list(client.handle);
    const links = await this.share.list(actor, recipeSet).catch(() => []);
    const words = await this.moderation.words(client.id);
    const hashes = await this.moderation.hashes(client.id);
    const endpoints = await this.endpoints.list(actor);
    const endpoint = endpoints.find((e) => e.description === DEMO_ENDPOINT);
    const delivery = endpoint
      ? (await this.deliveries.page(actor, endpoint.id, { limit: 1 })).data[0]
      : undefined;
    return {
      userId: users.users.find((u) => u.email === DEMO_COLLEAGUE.email)?.id,
      tokenId: tokens.find((t) => t.label === REVOKED_TOKEN_LABEL)?.id,
      // Newest first: the seed's is the oldest.
      shareLinkId: links.at(-1)?.id,
      moderationWordId: words.data.find((w) => w.word === DEMO_WORD.word)?.id,
      blockedHashId: hashes.find((h) => h.hash === DEMO_BLOCKED_HASH.hash)?.id,
      webhookEndpointId: endpoint?.id,
      webhookDeliveryId: delivery?.id,
      removableWebhookEndpointId: endpoints.find((e) => e.description === REMOVABLE_ENDPOINT)?.id,
    };
  }

  /** The two disabled endpoints, and a test ping of the first (its delivery). */
  private async createEndpoints(
    client: DemoClient,
    log: (line: string) => void,
  ): Promise<DemoAccountIds> {
    if (!this.config.webhooks.allowPrivateTargets) {
      log(`demo webhooks: none (WEBHOOK_ALLOW_PRIVATE_TARGETS=false refuses ${DEMO_WEBHOOK_URL})`);
      return {};
    }
    const actor = demoActor(client);
    const ids: string[] = [];
    for (const description of [DEMO_ENDPOINT, REMOVABLE_ENDPOINT]) {
      const created = await this.endpoints.create(actor, undefined, {
        url: DEMO_WEBHOOK_URL,
        eventTypes: EVENT_TYPES,
        description,
      });
      await this.endpoints.update(actor, created.id, { status: 'disabled' });
      ids.push(created.id);
    }
    const ping = await this.endpoints.test(actor, ids[0]);
    log(`demo webhooks: 2 disabled endpoints on ${DEMO_WEBHOOK_URL}, and a test ping`);
    return {
      webhookEndpointId: ids[0],
      webhookDeliveryId: ping.attemptId,
      removableWebhookEndpointId: ids[1],
    };
  }
}
