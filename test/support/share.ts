import request from 'supertest';
import { MessageOutbox } from '../../src/messages';
import { DemoService } from '../../src/demo';
import { TestClient } from '../factories/clients';
import { TestApp } from '../setup/test-app';

export const SEND = '/api/share/send';
/** A share link in a message, as the test app's BASE_URL writes it. */
export const SHARE_LINK = /http:\/\/api\.test\/share\/([A-Za-z0-9_-]{43})/;

/** POST /api/share/send as `client` (no body when `body` is undefined). */
export function share(t: TestApp, client: TestClient | string, body?: object) {
  const req = request(t.http)
    .post(SEND)
    .set('SERVICE_API_TOKEN', typeof client === 'string' ? client : client.token);
  return body === undefined ? req : req.send(body);
}

/** `count` recipe sets of the demo T-shirt for the client (its catalog installed first). */
export async function demoRecipeSets(t: TestApp, client: TestClient, count = 1) {
  const demo = t.app.get(DemoService);
  await demo.installCatalog(client.handle);
  return (await demo.createRecipeSets(client.handle, { count })).map((r) => r.readableId);
}

/** The messages of the outbox (newest first), decrypted. */
export function outboxMessages(t: TestApp) {
  return t.app.get(MessageOutbox).list(1000);
}

/** The path of a share link (`/share/{token}`) in a message's text. */
export function linkPath(text: string): string {
  const m = SHARE_LINK.exec(text);
  if (!m) throw new Error('no share link in the message');
  return `/share/${m[1]}`;
}

/** The `src` of the page's `<img>`, without the test origin, with `&amp;` undone. */
export function imagePath(html: string): string {
  const m = /<img src="http:\/\/api\.test([^"]+)"/.exec(html);
  if (!m) throw new Error('no image on the page');
  return m[1].replace(/&amp;/g, '&');
}

/**
 * Shares the recipe set with one e-mail address as `client` and answers the link's path
 * (`/share/{token}`), whatever BASE_URL the app has.
 */
export async function shareLinkPath(
  t: TestApp,
  client: TestClient | string,
  recipeSetReadableId: string,
  to = 'viewer@example.com',
): Promise<string> {
  const res = await share(t, client, { emailAddresses: [to], recipeSetReadableId });
  if (res.status !== 200) throw new Error(`share answered ${res.status}: ${res.text}`);
  const [m] = (await outboxMessages(t)).filter((o) => o.message.to === to);
  if (m?.message.channel !== 'email') throw new Error(`no share e-mail to ${to}`);
  const path = /\/share\/[A-Za-z0-9_-]{43}/.exec(m.message.email.text);
  if (!path) throw new Error('no share link in the e-mail');
  return path[0];
}
