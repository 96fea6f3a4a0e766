import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { addProduct } from '../support/availability';
import { demoRecipeSets, shareLinkPath } from '../support/share';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';

/**
 * The HTML pages read as finished: prices in the client's currency, dates localised in `<time>`,
 * SKUs that do not break, a way back to the overview, the invitation's next step, and the share
 * page's client and call to action; and the client settings behind them.
 */
describe('Pages: formats, next steps and client settings (HTTP)', () => {
  let t: TestApp;
  let acme: TestClient;
  let operator: TestClient;

  const settings = (handle: string, body: object) =>
    request(t.http)
      .patch(`/admin/clients/${handle}`)
      .set('SERVICE_API_TOKEN', operator.token)
      .send(body);
  const details = (token: string, language?: string) => {
    const req = request(t.http)
      .get(`/availability/details/${acme.handle}`)
      .set('SERVICE_API_TOKEN', token);
    return language ? req.set('Accept-Language', language) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    acme = await createClient(t.app, { role: Role.Admin });
    operator = await createClient(t.app, { role: Role.ServiceAdmin });
    await addProduct(t, acme.id, 'tee', 'Tee', [
      ['TEE-WHT-XXL-LONGSLEEVE', 20],
      ['TEE-2', 12.5],
    ]);
    const change = (sku: string, body: object) =>
      request(t.http)
        .patch(`/api/availability/${acme.handle}/skus/${sku}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .send(body);
    const first = await change('TEE-WHT-XXL-LONGSLEEVE', {
      adjustment: {
        type: 'percentage',
        value: 50,
        effectiveFrom: '2020-01-01T00:00:00Z',
        effectiveUntil: '2099-01-01T12:30:00Z',
      },
      availability: { status: 'backorder', expectedDate: '2027-02-15' },
    });
    expect(first.status).toBe(200);
    expect((await change('TEE-2', { adjustment: { type: 'amount', value: -2.5 } })).status).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  it("shows prices in the client's currency (EUR unless set), dates in <time>, SKUs unbroken", async () => {
    const res = await details(acme.token);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Prices in EUR.');
    expect(res.text).toContain('<td data-label="Base price" class="num">€20.00</td>');
    expect(res.text).toContain('<td data-label="Effective price" class="num">€30.00</td>');
    expect(res.text).toContain('<td data-label="Adjustment">-€2.50</td>');
    expect(res.text).toContain('<td data-label="Effective price" class="num">€10.00</td>');
    expect(res.text).toContain(
      '<td data-label="SKU"><code class="sku">TEE-WHT-XXL-LONGSLEEVE</code>',
    );
    expect(res.text).toContain('code.sku{');
    expect(res.text).toContain('white-space:nowrap');
    expect(res.text).toContain(
      '+50% from <time datetime="2020-01-01T00:00:00.000Z">Jan 1, 2020</time>',
    );
    expect(res.text).toMatch(
      /until <time datetime="2099-01-01T12:30:00\.000Z">Jan 1, 2099, 12:30\sPM UTC<\/time>/,
    );
    expect(res.text).toContain(
      'backorder (expected <time datetime="2027-02-15">Feb 15, 2027</time>)',
    );
    expect(res.text).not.toMatch(/>\d{4}-\d{2}-\d{2}</);
  });

  it("writes numbers and dates as the reader's language does, and the currency the operator set", async () => {
    const de = await details(acme.token, 'de-DE,de;q=0.9,en;q=0.5');
    expect(de.text).toContain('<html lang="en">');
    expect(de.text).toContain('class="num">20,00\u00a0€</td>');
    expect(de.text).toContain('<time datetime="2027-02-15">15.02.2027</time>');
    const set = await settings(acme.handle, { currency: ' usd ' });
    expect(set.status).toBe(200);
    expect(set.body.currency).toBe('USD');
    const usd = await details(acme.token);
    expect(usd.text).toContain('Prices in USD.');
    expect(usd.text).toContain('class="num">$20.00</td>');
    expect((await settings(acme.handle, { currency: 'EUR' })).status).toBe(200);
  });

  it('links a details page back to the overview for those who may see it', async () => {
    const op = await details(operator.token);
    expect(op.text).toContain(
      '<a class="back" href="/availability"><span aria-hidden="true">← </span>All clients</a>',
    );
    // A client's own token may not see the overview: no link to a page that would refuse it.
    expect((await details(acme.token)).text).not.toContain('class="back"');
    const overview = await request(t.http)
      .get('/availability')
      .set('SERVICE_API_TOKEN', operator.token);
    expect(overview.text).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">[^<]+ UTC<\/time>/);
    expect(overview.text).toContain(`(<code class="sku">${acme.handle}</code>)`);
    const unknown = await request(t.http)
      .get('/availability/details/nobody')
      .set('SERVICE_API_TOKEN', operator.token);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<a class="back" href="/availability">');
  });

  it('answers the settings, and 400 naming the value of an invalid one', async () => {
    const none = await settings(acme.handle, {});
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      handle: acme.handle,
      name: `Client ${acme.handle}`,
      sharingEnabled: true,
      currency: 'EUR',
      signInUrl: null,
      storefrontUrl: null,
      skuPolicy: 'strict',
    });
    const cases: [object, string][] = [
      [
        { currency: 'EURO' },
        'currency must be an ISO 4217 currency code such as EUR or USD, not "EURO"',
      ],
      [{ currency: 'ABC' }, 'not "ABC"'],
      [{ currency: 42 }, 'not 42'],
      [{ signInUrl: 'http://shop.example.com/login' }, 'signInUrl must be an absolute https URL'],
      [{ signInUrl: 'http://shop.example.com/login' }, 'not "http://shop.example.com/login"'],
      [{ signInUrl: 'shop.example.com' }, 'not "shop.example.com"'],
      [{ signInUrl: 'https://me:pw@shop.example.com/' }, 'without a user name or password'],
      [{ signInUrl: 'https://shop.example.com/{readableId}' }, '(no placeholders)'],
      [{ storefrontUrl: 'javascript:alert(1)' }, 'not "javascript:alert(1)"'],
      [
        { storefrontUrl: 'https://shop.example.com/{design}' },
        'storefrontUrl may hold only the placeholders {readableId} and {productHandle}, not {design}',
      ],
      [
        { storefrontUrl: `https://shop.example.com/${'x'.repeat(2000)}` },
        'at most 2000 characters',
      ],
    ];
    for (const [body, says] of cases) {
      const res = await settings(acme.handle, body);
      expect([res.status, res.text]).toEqual([400, expect.stringContaining(says)]);
    }
    expect((await settings('nobody', { currency: 'EUR' })).status).toBe(404);
    const admin = await request(t.http)
      .patch(`/admin/clients/${acme.handle}`)
      .set('SERVICE_API_TOKEN', acme.token)
      .send({ currency: 'USD' });
    expect(admin.status).toBe(403);
    // Nothing of the refused changes was kept.
    expect((await settings(acme.handle, {})).body).toEqual(none.body);
  });

  it('tells an invited user what to do next: the sign-in link, or where to sign in', async () => {
    const accept = async (email: string) => {
      const { link } = await invite(t, acme.token, { email });
      const res = await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
      expect(res.status).toBe(200);
      return res.text;
    };
    const without = await accept('no-url@example.com');
    expect(without).toContain('<h1>Your account is ready</h1>');
    expect(without).toContain(
      `Sign in where Client ${acme.handle} gave you access, with no-url@example.com and your new password.`,
    );
    expect(without).not.toContain('class="button"');

    const url = 'https://shop.example.com/account/sign-in?from=invite&x=1';
    expect((await settings(acme.handle, { signInUrl: url })).body.signInUrl).toBe(url);
    const withUrl = await accept('with-url@example.com');
    expect(withUrl).toContain(
      `<a class="button" href="https://shop.example.com/account/sign-in?from=invite&amp;x=1">Sign in to Client ${acme.handle}</a>`,
    );
    expect(withUrl).toContain('Sign in with with-url@example.com and your new password.');
    // "" (or null) removes it again.
    expect((await settings(acme.handle, { signInUrl: '' })).body.signInUrl).toBeNull();
  });

  it('names the client on the share page, with its storefront as the call to action', async () => {
    const user = await createToken(t.app, acme.handle, Role.User);
    const [id] = await demoRecipeSets(t, acme);
    const open = async () => {
      const page = await request(t.http).get(await shareLinkPath(t, user, id));
      expect(page.status).toBe(200);
      return page.text;
    };
    const plain = await open();
    expect(plain).toContain(`<p class="from">A design from Client ${acme.handle}</p>`);
    expect(plain).toContain(
      `To order this design, contact Client ${acme.handle} or the person who shared it.`,
    );
    expect(plain).not.toContain('class="button"');
    expect(plain).toMatch(
      /The link works until <time datetime="[\d-]+T[\d:.]+Z">\w+ \d+, \d{4}<\/time>\./,
    );

    const set = await settings(acme.handle, {
      storefrontUrl: 'https://shop.example.com/designs/{readableId}?product={productHandle}',
    });
    expect(set.status).toBe(200);
    const withShop = await open();
    expect(withShop).toContain(
      `<a class="button" href="https://shop.example.com/designs/${id}?product=demo-tee">Order this design at Client ${acme.handle}</a>`,
    );
    expect((await settings(acme.handle, { storefrontUrl: null })).body.storefrontUrl).toBeNull();
  });
});
