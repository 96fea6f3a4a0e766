import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createToken } from '../factories/clients';
import { line, order, processed } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { shownText } from '../support/pdf-text';
import { assertCliBuilt, runCli } from '../support/run-cli';
import { skuOrders } from '../support/sku-orders';
import { webhooksApi } from '../support/webhooks';
import { bytesParser, unzip } from '../support/zip';

/**
 * The SKU policies other than strict (docs/design.md §6), and how a client's policy is set: warn
 * accepts a SKU that contradicts the design and says so in the order.warning event, the
 * specification PDF and the print files' manifest (job workers on, for the print files); off
 * accepts any SKU. The demo designs are demo-tee in white, size S.
 */
describe('Orders: the SKU policy, warn and off (HTTP)', () => {
  let t: TestApp;
  const { as, ack, settings, adminClient, designed } = skuOrders(() => t);

  beforeAll(async () => {
    assertCliBuilt();
    t = await createTestApp({ env: { WORKERS: 'true' } });
  });
  afterAll(() => t.close());

  describe('warn', () => {
    it('accepts, and says so in the order.warning event, the specification PDF and the manifest', async () => {
      const w = await adminClient('warn');
      const [id] = await designed(w);
      const res = await ack(w, order('SKU-WARN', [line(id, 'DEMO-TEE-BLK-M', 2)]));
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-WARN', id));
      const warning = `SKU DEMO-TEE-BLK-M is colour black, but recipe set ${id} is designed in colour white.`;

      const events = await webhooksApi(t, w.token).allEvents();
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining(['order.acknowledged', 'order.warning']),
      );
      const event = events.find((e) => e.type === 'order.warning')!;
      expect(event.data).toEqual({
        clientHandle: w.handle,
        purchaseOrderNumber: 'SKU-WARN',
        sequence: 2,
        warnings: [
          { recipeSetReadableId: id, lineItemPosition: 0, sku: 'DEMO-TEE-BLK-M', message: warning },
        ],
        warningCount: 1,
      });

      const sheet = await request(t.http)
        .get(`/${w.handle}/specification/${id}/pdf/`)
        .set(as(w))
        .buffer(true)
        .parse(bytesParser);
      expect(sheet.status).toBe(200);
      expect(await shownText(sheet.body as Buffer)).toContain(`Warning: ${warning}`);

      let files = await request(t.http).get(`/api/webtoprint/${id}/`).set(as(w));
      for (let i = 0; i < 600 && files.status === 202; i++) {
        await new Promise((r) => setTimeout(r, 100));
        files = await request(t.http).get(`/api/webtoprint/${id}/`).set(as(w));
      }
      expect(files.status).toBe(303);
      const zip = await request(t.http)
        .get(files.headers.location.replace('http://api.test', ''))
        .buffer(true)
        .parse(bytesParser);
      const manifest = JSON.parse(
        (await unzip(zip.body as Buffer)).get('manifest.json')!.toString(),
      );
      expect(manifest).toMatchObject({
        orderNumber: 'SKU-WARN',
        options: { colour: 'white', size: 'S' },
        items: [{ sku: 'DEMO-TEE-BLK-M', quantity: 2 }],
        orderWarnings: [warning],
      });
    }, 120_000);
  });

  describe('off', () => {
    it('accepts any SKU without a warning', async () => {
      const o = await adminClient('off');
      const [id] = await designed(o);
      const res = await ack(o, order('SKU-OFF', [line(id, 'NO-SUCH-SKU')]));
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-OFF', id));
      const types = (await webhooksApi(t, o.token).allEvents()).map((e) => e.type);
      expect(types).toContain('order.acknowledged');
      expect(types).not.toContain('order.warning');
      const [row] = await t.dataSource.query<{ sku_warnings: unknown }[]>(
        `SELECT l.sku_warnings FROM order_line_item l JOIN purchase_order o ON o.id = l.order_id
          WHERE o.client_id = $1`,
        [o.id],
      );
      expect(row).toEqual({ sku_warnings: null });
    });
  });

  describe('the policy', () => {
    it('is set by Admins through the API (any case), not Users, nor for another client', async () => {
      const c = await adminClient();
      const other = await adminClient();
      const user = await createToken(t.app, c.handle, Role.User);
      const set = await settings(c, c.handle, { skuPolicy: 'WARN' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(c, c.handle, {})).body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(user, c.handle)).status).toBe(403);
      expect((await settings(user, c.handle, { skuPolicy: 'off' })).status).toBe(403);
      expect((await settings(c, other.handle, { skuPolicy: 'off' })).status).toBe(403);
      const bad = await settings(c, c.handle, { skuPolicy: 'loose' });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('skuPolicy must be one of strict, warn, off, not "loose"');
      expect((await settings(c, c.handle)).body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(other, other.handle)).body).toEqual({ skuPolicy: 'strict' });
    });

    it('is set by operators with `client settings --sku-policy`', async () => {
      const c = await adminClient();
      const run = await runCli(t.db.env, 'client', 'settings', c.handle, '--sku-policy', 'off');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ handle: c.handle, skuPolicy: 'off' });
      expect((await settings(c, c.handle)).body).toEqual({ skuPolicy: 'off' });
      const [id] = await designed(c);
      expect((await ack(c, order('SKU-CLI', [line(id, 'NO-SUCH-SKU')]))).status).toBe(200);
      const bad = await runCli(t.db.env, 'client', 'settings', c.handle, '--sku-policy', 'loose');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--sku-policy must be one of strict, warn, off, not "loose"');
    }, 120_000);
  });
});
