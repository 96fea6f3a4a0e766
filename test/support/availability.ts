import request from 'supertest';
import { CatalogService } from '../../src/catalog';
import { TestApp } from '../setup/test-app';

/** A product with these SKUs (code and unit price) in the client's catalog, written as it is (no checks). */
export async function addProduct(
  t: TestApp,
  clientId: string,
  handle: string,
  name: string,
  skus: [string, number][],
): Promise<void> {
  await t.app.get(CatalogService).ensure(clientId, {
    handle,
    name,
    options: [],
    skus: skus.map(([sku, unitPrice]) => ({ sku, options: {}, unitPrice })),
    locations: [],
    viewAngles: [],
    renderStates: [],
    renderStatePresets: [],
  });
}

/** The cookies a response sets, as a Cookie header. */
export function cookiesOf(res: request.Response): string {
  const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  return (setCookie ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** The CSRF field of a page's form. */
export function formField(html: string): string {
  return /name="form" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/** Opens the sign-in form and posts `token`: the response and the session cookie it set. */
export async function signIn(t: TestApp, token: string, next = '/availability') {
  const form = await request(t.http)
    .get('/availability/sign-in')
    .query({ next })
    .set('Accept', 'text/html');
  const res = await request(t.http)
    .post('/availability/sign-in')
    .set('Cookie', cookiesOf(form))
    .type('form')
    .send({ form: formField(form.text), next, token });
  const session = (res.headers['set-cookie'] as unknown as string[] | undefined)
    ?.map((c) => c.split(';')[0])
    .find((c) => c.startsWith('pci_availability='));
  return { res, session, formCookie: cookiesOf(form) };
}
