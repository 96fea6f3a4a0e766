import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { JSON_TYPE, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, outboxMessages, share } from '../support/share';

/**
 * POST /api/share/send in embedded mode (no SMTP_URL, no SMS_WEBHOOK_URL): the messages are
 * kept in the outbox. Every answer of the route, and tenancy. The daily cap is set low here.
 */
describe('Share: sending (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let service: TestClient;
  let aUser: string;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: { SHARE_DAILY_LIMIT: '6' } });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    aUser = await createToken(t.app, a.handle, Role.User);
    ids = await demoRecipeSets(t, a, 3);
  });
  afterAll(() => t.close());

  const held = async () => (await outboxMessages(t)).filter((m) => m.kind === 'share');

  it('answers 200 {"sent":0} without a body, with an empty object, or without recipients', async () => {
    for (const body of [undefined, {}, { recipeSetReadableId: ids[0], emailAddresses: [] }]) {
      const res = await share(t, aUser, body);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body).toEqual({ sent: 0, held: 0 });
    }
    expect(await held()).toEqual([]);
  });

  it('sends a link to each recipient with a User token; the messages are kept, in German', async () => {
    const res = await share(t, aUser, {
      emailAddresses: ['jane.doe@example.com', 'JANE.DOE@EXAMPLE.COM'],
      phoneNumbers: ['0049 151 1234-5678'],
      recipeSetReadableId: ids[0].toLowerCase(),
      locale: 'de-AT',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 0, held: 2 });
    const messages = await held();
    expect(messages.map((m) => [m.channel, m.status, m.locale]).sort()).toEqual([
      ['email', 'held', 'de'],
      ['sms', 'held', 'de'],
    ]);
    const email = messages.find((m) => m.message.channel === 'email')!.message;
    const sms = messages.find((m) => m.message.channel === 'sms')!.message;
    expect(email.to).toBe('jane.doe@example.com');
    expect(sms.to).toBe('+4915112345678');
    if (email.channel !== 'email' || sms.channel !== 'sms') throw new Error('channels');
    expect(email.email.subject).toMatch(/^Ein Entwurf wurde mit Ihnen geteilt: /);
    expect(email.email.html).toContain('<html lang="de">');
    expect(email.email.html).toMatch(
      /<img src="http:\/\/api\.test\/share\/[\w-]{43}\/image" alt="Bild des Entwurfs: [^"]+"/,
    );
    expect(email.email.text).toContain('Entwurf ansehen: http://api.test/share/');
    expect(sms.text).toMatch(
      /^Ein Entwurf wurde mit Ihnen geteilt: .+ http:\/\/api\.test\/share\/[\w-]{43}$/,
    );
    // One link per recipient.
    expect(email.email.text).not.toContain(/share\/([\w-]{43})/.exec(sms.text)![1]);
  });

  it('answers 400 naming a bad e-mail address or telephone number, with its index', async () => {
    const bad = await share(t, a, {
      emailAddresses: ['ok@example.com', 'not-an-address'],
      recipeSetReadableId: ids[0],
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(TEXT_TYPE);
    expect(bad.text).toBe(
      'Invalid request: emailAddresses[1] "not-an-address" is not a valid e-mail address.',
    );
    const phone = await share(t, a, {
      phoneNumbers: ['0151 12345678'],
      recipeSetReadableId: ids[0],
    });
    expect(phone.status).toBe(400);
    expect(phone.text).toContain('phoneNumbers[0] "0151 12345678" is not a valid telephone number');
    const noSet = await share(t, a, { emailAddresses: ['ok@example.com'] });
    expect(noSet.status).toBe(400);
    expect(noSet.text).toContain('recipeSetReadableId is required');
  });

  it('answers 400 beyond 10 recipients, naming the limit', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `r${i}@example.com`);
    const phones = Array.from({ length: 5 }, (_, i) => `+4915112345${670 + i}`);
    const res = await share(t, a, {
      emailAddresses: emails,
      phoneNumbers: phones,
      recipeSetReadableId: ids[0],
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('at most 10 recipients');
    const many = await share(t, a, {
      emailAddresses: [...emails, ...emails],
      recipeSetReadableId: ids[0],
    });
    expect(many.status).toBe(400);
  });

  it("answers 404 naming an unknown recipe set, and another client's as if absent", async () => {
    for (const ref of ['ZZZZ9999', ids[0]]) {
      const res = await share(t, ref === 'ZZZZ9999' ? a : b, {
        emailAddresses: ['x@example.com'],
        recipeSetReadableId: ref,
      });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(`Recipe set ${ref} was not found.`);
    }
  });

  it('answers 401 without a token, before anything else', async () => {
    const res = await request(t.http)
      .post('/api/share/send')
      .send({ emailAddresses: ['x@example.com'], recipeSetReadableId: ids[0] });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
  });

  it('answers 401 for OnHold and Cancelled recipe sets', async () => {
    for (const status of ['OnHold', 'Cancelled']) {
      await t.dataSource.query(`UPDATE recipe_set SET status = $1 WHERE readable_id = $2`, [
        status,
        ids[1],
      ]);
      const res = await share(t, a, {
        emailAddresses: ['x@example.com'],
        recipeSetReadableId: ids[1],
      });
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(`Recipe set ${ids[1]} is ${status}: it is not available for sharing.`);
    }
  });

  it('answers 401 when sharing is off for the product (PUT with sharingEnabled false)', async () => {
    const url = `/api/catalog/${a.handle}/products/demo-tee`;
    const product = await request(t.http).get(url).set('SERVICE_API_TOKEN', a.token);
    expect(product.body.data.sharingEnabled).toBe(true);
    const off = await request(t.http)
      .put(url)
      .set('SERVICE_API_TOKEN', a.token)
      .send({ ...product.body.data, sharingEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data.sharingEnabled).toBe(false);
    const res = await share(t, a, {
      emailAddresses: ['x@example.com'],
      recipeSetReadableId: ids[2],
    });
    expect(res.status).toBe(401);
    expect(res.text).toBe(
      `Sharing is turned off for product demo-tee: recipe set ${ids[2]} is not available for sharing.`,
    );
    // A PUT without the field turns it on again (the default).
    const definition = { ...(off.body.data as Record<string, unknown>) };
    delete definition.sharingEnabled;
    const on = await request(t.http).put(url).set('SERVICE_API_TOKEN', a.token).send(definition);
    expect(on.body.data.sharingEnabled).toBe(true);
  });

  it("answers 401 when an operator turns the client's sharing off (PATCH /admin/clients/{handle})", async () => {
    const patch = (token: string, body: object) =>
      request(t.http)
        .patch(`/admin/clients/${a.handle}`)
        .set('SERVICE_API_TOKEN', token)
        .send(body);
    expect((await patch(a.token, { sharingEnabled: false })).status).toBe(403);
    expect((await patch(service.token, { sharingEnabled: 'nope' })).status).toBe(400);
    const off = await patch(service.token, { sharingEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ handle: a.handle, sharingEnabled: false });
    const res = await share(t, a, {
      emailAddresses: ['x@example.com'],
      recipeSetReadableId: ids[0],
    });
    expect(res.status).toBe(401);
    expect(res.text).toBe(
      `Sharing is turned off for client ${a.handle}: recipe set ${ids[0]} is not available for sharing.`,
    );
    expect((await patch(service.token, { sharingEnabled: true })).status).toBe(200);
    const unknown = await request(t.http)
      .patch('/admin/clients/no-such-client')
      .set('SERVICE_API_TOKEN', service.token)
      .send({ sharingEnabled: true });
    expect(unknown.status).toBe(404);
  });

  it('answers 429 beyond the daily cap (6 here), counting recipients, and sends nothing then', async () => {
    // 2 recipients were sent above: 4 more fit.
    const before = (await held()).length;
    const over = await share(t, a, {
      emailAddresses: [
        'c1@example.com',
        'c2@example.com',
        'c3@example.com',
        'c4@example.com',
        'c5@example.com',
      ],
      recipeSetReadableId: ids[0],
    });
    expect(over.status).toBe(429);
    expect(over.headers['content-type']).toMatch(TEXT_TYPE);
    expect(over.text).toBe(
      "Sharing with 5 more recipients would pass this client's daily limit of 6 recipients (2 used today, UTC); nothing was sent. Retry after midnight UTC.",
    );
    expect((await held()).length).toBe(before);
    // Concurrent shares cannot pass the cap together: of these four of 2, exactly two fit.
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        share(t, a, {
          emailAddresses: [`p${i}@example.com`, `q${i}@example.com`],
          recipeSetReadableId: ids[0],
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429, 429]);
    expect((await held()).length).toBe(before + 4);
    // Another client has its own count.
    const [other] = await demoRecipeSets(t, b);
    expect(
      (await share(t, b, { emailAddresses: ['z@example.com'], recipeSetReadableId: other })).status,
    ).toBe(200);
  });
});
