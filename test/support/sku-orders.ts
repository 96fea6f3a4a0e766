import request from 'supertest';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { Role } from '../../src/common/auth/role';
import { TestApp } from '../setup/test-app';

/**
 * What the SKU e2e files (orders-skus, orders-sku-policy) do through the app `app()` gives (it is
 * started in their beforeAll): acknowledge, read and set a client's order settings, make Admin
 * clients with the demo catalog and demo designs (demo-tee in white, size S).
 */
export function skuOrders(app: () => TestApp) {
  const as = (client: TestClient | string) => ({
    SERVICE_API_TOKEN: typeof client === 'string' ? client : client.token,
  });
  const ack = (client: TestClient, body: object, path = '/api/order/acknowledgement') =>
    request(app().http).post(path).set(as(client)).send(body);
  const settings = (client: TestClient | string, handle: string, body?: object) => {
    const url = `/api/clients/${handle}/order-settings`;
    return body
      ? request(app().http).patch(url).set(as(client)).send(body)
      : request(app().http).get(url).set(as(client));
  };
  /** An Admin client with the demo catalog, its SKU policy set to `policy` when given. */
  const adminClient = async (policy?: string) => {
    const client = await createClient(app().app, { role: Role.Admin });
    await app().app.get(DemoService).installCatalog(client.handle);
    if (policy)
      expect((await settings(client, client.handle, { skuPolicy: policy })).status).toBe(200);
    return client;
  };
  const designed = async (client: TestClient, count = 1) =>
    (await app().app.get(DemoService).createRecipeSets(client.handle, { count })).map(
      (r) => r.readableId,
    );
  return { as, ack, settings, adminClient, designed };
}
