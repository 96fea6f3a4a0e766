import request from 'supertest';
import { TokensService } from '../../src/clients';
import { DemoExampleIds, DemoService } from '../../src/demo';
import { MessageOutbox } from '../../src/messages';
import { createTestApp, TestApp } from '../setup/test-app';

const COLLEAGUE = 'sam.taylor@example.com';

/**
 * The demo's account rows that Swagger's examples name by id (a colleague, a token, a share link,
 * moderation entries, webhook endpoints and a delivery, the bottle recipe set): seeded, their ids
 * held for the served document, and found again when the demo exists.
 */
describe('Demo seed: the rows the examples name (HTTP)', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('SERVICE_API_TOKEN', token);

  beforeAll(async () => {
    // As where demo data is seeded by default (SEED_DEMO: its webhook URLs are on this machine).
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds them, holds their ids, and the served document names them', async () => {
    const seeded = await t.app.get(DemoService).seed();
    token = seeded.token!;
    const ids = t.app.get(DemoExampleIds).current();
    expect(Object.keys(ids).sort()).toEqual([
      'blockedHashId',
      'moderationWordId',
      'recipeUuid',
      'removableWebhookEndpointId',
      'shareLinkId',
      'tokenId',
      'userId',
      'webhookDeliveryId',
      'webhookEndpointId',
    ]);
    expect(Object.values(ids).every((v) => v !== undefined)).toBe(true);

    expect((await get(`/api/recipesets/${ids.recipeUuid}`)).body.data).toMatchObject({
      readableId: 'DEMTEE2A',
    });
    expect((await get('/api/recipesets/DEMBTL2A')).body.data).toMatchObject({
      productHandle: 'demo-bottle',
    });
    expect((await get(`/api/users/${ids.userId}`)).body.data).toMatchObject({
      firstName: 'Sam',
      lastName: 'Taylor',
      acceptedDate: null,
    });
    const tokens = await t.app.get(TokensService).list('demo');
    expect(tokens.find((x) => x.id === ids.tokenId)).toMatchObject({
      role: 'User',
      revokedAt: null,
    });
    const links = await get('/api/share/links?recipeSetReadableId=DEMTEE2A');
    expect(links.body.data.map((l: { id: string }) => l.id)).toEqual([ids.shareLinkId]);
    // Without SMTP the invitation and the share e-mail wait in the outbox.
    const held = await t.app.get(MessageOutbox).list(20, 'held');
    expect(held.filter((m) => m.message.to === COLLEAGUE)).toHaveLength(2);
    expect((await get('/api/moderation/words')).body.data).toEqual([
      expect.objectContaining({ id: ids.moderationWordId, locale: 'en', word: 'blockhead' }),
    ]);
    expect((await get('/api/moderation/blocked-hashes')).body.data).toEqual([
      expect.objectContaining({ id: ids.blockedHashId, hash: '8c3e1f0a9b7d2e64' }),
    ]);
    // Disabled: the demo's endpoints send nothing (their deliveries fail at once, unsent).
    for (const id of [ids.webhookEndpointId, ids.removableWebhookEndpointId])
      expect((await get(`/api/webhooks/endpoints/${id}`)).body.data).toMatchObject({
        url: 'http://127.0.0.1:8080/hooks/customizer',
        status: 'disabled',
      });
    const deliveries = await get(`/api/webhooks/endpoints/${ids.webhookEndpointId}/deliveries`);
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({ id: ids.webhookDeliveryId, eventType: 'webhook.ping' }),
    ]);

    const document = (await request(t.http).get('/docs-json')).body as {
      paths: Record<string, Record<string, { parameters: { name: string; example?: unknown }[] }>>;
    };
    const example = (path: string, method: string, name: string) =>
      document.paths[path][method].parameters.find((p) => p.name === name)?.example;
    expect(example('/api/users/{userId}', 'get', 'userId')).toBe(ids.userId);
    expect(example('/api/webhooks/deliveries/{id}/redeliver', 'post', 'id')).toBe(
      ids.webhookDeliveryId,
    );
    expect(example('/api/moderation/words/{id}', 'delete', 'id')).toBe(ids.moderationWordId);
  }, 120_000);

  it('finds them again when the demo exists; a row an example removed has no id', async () => {
    const ids = t.app.get(DemoExampleIds).current();
    const removed = await request(t.http)
      .delete(`/api/webhooks/endpoints/${ids.removableWebhookEndpointId}`)
      .set('SERVICE_API_TOKEN', token);
    expect(removed.status).toBe(204);
    t.app.get(DemoExampleIds).set({});
    const again = await t.app.get(DemoService).seed();
    expect(again.created).toBe(false);
    const found = t.app.get(DemoExampleIds).current();
    expect(found).toEqual({ ...ids, removableWebhookEndpointId: undefined });
  }, 60_000);
});
