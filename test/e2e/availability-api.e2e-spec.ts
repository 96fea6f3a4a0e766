import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { addProduct } from '../support/availability';

/** The JSON admin API of pricing and availability through HTTP: reads, changes, validation, tenancy, history. */
describe('Availability API', () => {
  let t: TestApp;
  let acme: TestClient;
  let other: TestClient;
  let operator: TestClient;
  let userToken: string;
  const skus = (c: TestClient) => `/api/availability/${c.handle}/skus`;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app, { role: Role.Admin });
    operator = await createClient(t.app, { role: Role.ServiceAdmin });
    userToken = await createToken(t.app, acme.handle, Role.User);
    await addProduct(t, acme.id, 'tee', 'Tee', [
      ['TEE-S', 20],
      ['TEE-M', 22.5],
    ]);
    await addProduct(t, other.id, 'mug', 'Mug', [['MUG-1', 8]]);
  });
  afterAll(() => t.close());

  const patch = (c: TestClient, sku: string, body: unknown, token = c.token) =>
    request(t.http)
      .patch(`${skus(c)}/${sku}`)
      .set('SERVICE_API_TOKEN', token)
      .send(body as object);

  it('lists the SKUs at their base price, available, without adjustments', async () => {
    const res = await request(t.http).get(skus(acme)).set('SERVICE_API_TOKEN', acme.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        productHandle: 'tee',
        sku: 'TEE-S',
        basePrice: 20,
        adjustment: null,
        adjustmentActive: false,
        effectivePrice: 20,
        availability: { status: 'available', expectedDate: null },
        lastModifiedDate: null,
      }),
      expect.objectContaining({ sku: 'TEE-M', basePrice: 22.5, effectivePrice: 22.5 }),
    ]);
  });

  it('applies a percentage and an amount, and only within their dates', async () => {
    const pct = await patch(acme, 'TEE-S', { adjustment: { type: 'Percentage', value: -10 } });
    expect(pct.status).toBe(200);
    expect(pct.body.data).toMatchObject({
      adjustment: { type: 'percentage', value: -10, effectiveFrom: null, effectiveUntil: null },
      adjustmentActive: true,
      effectivePrice: 18,
    });
    const future = await patch(acme, 'TEE-M', {
      adjustment: { type: 'amount', value: '2.5', effectiveFrom: '2999-01-01' },
      availability: { status: 'backorder', expectedDate: '2999-02-15T10:00:00+02:00' },
    });
    expect(future.status).toBe(200);
    expect(future.body.data).toMatchObject({
      adjustment: { type: 'amount', value: 2.5, effectiveFrom: '2999-01-01T00:00:00.000Z' },
      adjustmentActive: false,
      effectivePrice: 22.5,
      availability: { status: 'backorder', expectedDate: '2999-02-15' },
    });
    const list = await request(t.http).get(skus(acme)).set('SERVICE_API_TOKEN', acme.token);
    expect(list.body.data.map((s: { effectivePrice: number }) => s.effectivePrice)).toEqual([
      18, 22.5,
    ]);
  });

  it('removes an adjustment with null and keeps what is left out', async () => {
    await patch(acme, 'TEE-S', { availability: { status: 'unavailable' } });
    const res = await patch(acme, 'tee-s', { adjustment: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sku: 'TEE-S',
      adjustment: null,
      effectivePrice: 20,
      availability: { status: 'unavailable', expectedDate: null },
    });
  });

  it.each([
    [
      { adjustment: { type: 'percentage', value: -101 } },
      'adjustment.value must be a percentage between -100 and 1000',
    ],
    [
      { adjustment: { type: 'percentage', value: 1000.5 } },
      'adjustment.value must be a percentage between -100 and 1000',
    ],
    [
      { adjustment: { type: 'discount', value: 1 } },
      'adjustment.type must be amount or percentage',
    ],
    [{ adjustment: { type: 'amount', value: 'ten' } }, 'adjustment.value must be a number'],
    [
      {
        adjustment: {
          type: 'amount',
          value: 1,
          effectiveFrom: '2026-02-01',
          effectiveUntil: '2026-01-01',
        },
      },
      'adjustment.effectiveUntil must be after effectiveFrom',
    ],
    [
      { adjustment: { type: 'amount', value: 1, effectiveFrom: 'soon' } },
      'adjustment.effectiveFrom must be an ISO 8601 date',
    ],
    [
      { availability: { status: 'backorder' } },
      'availability.expectedDate is required for backorder',
    ],
    [
      { availability: { status: 'available', expectedDate: 'later' } },
      'availability.expectedDate must be a date',
    ],
    [
      { availability: { status: 'gone' } },
      'availability.status must be available, unavailable or backorder',
    ],
    [{ availability: null }, 'availability must be an object'],
    [[1], 'the body must be a JSON object'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await patch(acme, 'TEE-S', body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain(message);
  });

  it('accepts the bounds of a percentage', async () => {
    for (const value of [-100, 1000]) {
      const res = await patch(acme, 'TEE-S', { adjustment: { type: 'percentage', value } });
      expect(res.status).toBe(200);
      expect(res.body.data.effectivePrice).toBe(value === -100 ? 0 : 220);
    }
  });

  it('answers 404 naming a SKU that is not in the catalog (also one of another client)', async () => {
    for (const sku of ['NOPE-1', 'MUG-1']) {
      const res = await patch(acme, sku, { availability: { status: 'unavailable' } });
      expect(res.status).toBe(404);
      expect(res.text).toBe(`SKU "${sku}" is not in the catalog of client ${acme.handle}.`);
    }
  });

  it('keeps clients apart: another client 403, a User token 403, no token 401; ServiceAdmin any', async () => {
    expect(
      (await request(t.http).get(skus(other)).set('SERVICE_API_TOKEN', acme.token)).status,
    ).toBe(403);
    expect(
      (await patch(other, 'MUG-1', { availability: { status: 'unavailable' } }, acme.token)).status,
    ).toBe(403);
    expect((await request(t.http).get(skus(acme)).set('SERVICE_API_TOKEN', userToken)).status).toBe(
      403,
    );
    expect((await request(t.http).get(skus(acme))).status).toBe(401);
    const op = await request(t.http).get(skus(other)).set('SERVICE_API_TOKEN', operator.token);
    expect(op.status).toBe(200);
    expect(op.body.data).toHaveLength(1);
    const changed = await patch(
      other,
      'MUG-1',
      { availability: { status: 'unavailable' } },
      operator.token,
    );
    expect(changed.status).toBe(200);
    const missing = await request(t.http)
      .get('/api/availability/no-such-client/skus')
      .set('SERVICE_API_TOKEN', operator.token);
    expect(missing.status).toBe(404);
  });

  it('records each change with token, role, before and after, newest first', async () => {
    const res = await request(t.http)
      .get(`/api/availability/${other.handle}/history`)
      .set('SERVICE_API_TOKEN', other.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        sku: 'MUG-1',
        tokenId: operator.tokenId,
        role: 'ServiceAdmin',
        before: { adjustment: null, availability: { status: 'available', expectedDate: null } },
        after: { adjustment: null, availability: { status: 'unavailable', expectedDate: null } },
      }),
    ]);
    const mine = await request(t.http)
      .get(`/api/availability/${acme.handle}/history`)
      .query({ sku: 'TEE-M' })
      .set('SERVICE_API_TOKEN', acme.token);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ tokenId: acme.tokenId, role: 'Admin' });
    expect(mine.body.data[0].after.adjustment).toMatchObject({ type: 'amount', value: 2.5 });
    const all = await request(t.http)
      .get(`/api/availability/${acme.handle}/history`)
      .query({ limit: 2 })
      .set('SERVICE_API_TOKEN', acme.token);
    expect(all.body.data).toHaveLength(2);
    expect(Date.parse(all.body.data[0].changedDate)).toBeGreaterThanOrEqual(
      Date.parse(all.body.data[1].changedDate),
    );
    const bad = await request(t.http)
      .get(`/api/availability/${acme.handle}/history`)
      .query({ limit: 0 })
      .set('SERVICE_API_TOKEN', acme.token);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('limit');
    const nul = await request(t.http)
      .get(`/api/availability/${acme.handle}/history`)
      .query({ sku: 'a\u0000b' })
      .set('SERVICE_API_TOKEN', acme.token);
    expect(nul.status).toBe(400);
    expect(nul.text).toContain('sku must not contain NUL characters');
  });
});
