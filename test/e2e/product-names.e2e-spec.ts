import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { line, order, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, outboxMessages, share } from '../support/share';

/**
 * Issue 24 (low): product names kept CR/LF and bidirectional overrides, which reached SMS
 * bodies. They are refused where names are accepted, and the share messages put a name stored
 * before on one plain line.
 */
describe('Product names: one plain line (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    ids = await demoRecipeSets(t, a, 1);
  });
  afterAll(() => t.close());

  it('refuses a catalog product name with a line break or a bidi override, naming it', async () => {
    const url = `/api/catalog/${a.handle}/products/demo-tee`;
    const product = await request(t.http).get(url).set('SERVICE_API_TOKEN', a.token);
    for (const [name, where] of [
      ['Demo\r\nSTOP to 12345', 'U+000D at 5'],
      ['Demo \u202Eeet', 'U+202E at 6'],
    ]) {
      const res = await request(t.http)
        .put(url)
        .set('SERVICE_API_TOKEN', a.token)
        .send({ ...product.body.data, name });
      expect(res.status).toBe(400);
      expect(res.text).toContain(
        `name must be one line without control or bidirectional formatting characters (${where})`,
      );
    }
  });

  it('refuses an order line productName with a line break', async () => {
    const res = await ordersApi(t, a).ack(
      order('PO-NAMES-1', [{ ...line(ids[0]), productName: 'Tee\nReply STOP' }]),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('productName must be one line');
  });

  it('puts a name stored before on one plain line in the SMS and the e-mail', async () => {
    await t.dataSource.query(
      `UPDATE product SET name = $2::text, definition = jsonb_set(definition, '{name}', to_jsonb($2::text))
       WHERE client_id = $1`,
      [a.id, 'Demo\r\nWIN a prize: \u202Emoc.live\u202C'],
    );
    const res = await share(t, a, {
      emailAddresses: ['jane@example.com'],
      phoneNumbers: ['+4915112345678'],
      recipeSetReadableId: ids[0],
    });
    expect(res.status).toBe(200);
    const messages = (await outboxMessages(t)).map((m) => m.message);
    const sms = messages.find((m) => m.channel === 'sms');
    const email = messages.find((m) => m.channel === 'email');
    if (sms?.channel !== 'sms' || email?.channel !== 'email') throw new Error('channels');
    expect(sms.text).toMatch(/^A design was shared with you: Demo WIN a prize: moc\.live http/);
    expect(sms.text).not.toMatch(/[\r\n\u202A-\u202E]/);
    expect(email.email.subject).toBe('A design was shared with you: Demo WIN a prize: moc.live');
  });
});
