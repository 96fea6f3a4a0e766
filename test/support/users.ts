import request from 'supertest';
import { MessageOutbox } from '../../src/messages';
import { TestApp } from '../setup/test-app';

/** The invitation links the outbox holds for `email`, oldest first (embedded mode: held). */
export async function invitationLinks(t: TestApp, email: string): Promise<string[]> {
  const messages = await t.app.get(MessageOutbox).list(1000);
  return messages
    .filter((m) => m.kind === 'invitation' && m.message.to === email.toLowerCase())
    .reverse()
    .map((m) => linkIn(m.message.channel === 'email' ? m.message.email.text : m.message.text));
}

/** The acceptance path (`/invitation/<token>`) in a message's text. */
export function linkIn(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/invitation\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}

/** Invites `email` with an Admin token and answers the user's id and the link's path. */
export async function invite(
  t: TestApp,
  adminToken: string,
  body: Record<string, unknown>,
): Promise<{ id: string; link: string }> {
  const res = await request(t.http)
    .post('/api/user/invite')
    .set('SERVICE_API_TOKEN', adminToken)
    .send(body);
  if (res.status !== 200) throw new Error(`invite answered ${res.status}: ${res.text}`);
  const links = await invitationLinks(t, String(body.email));
  return { id: (res.body as { data: { id: string } }).data.id, link: links[links.length - 1] };
}

/** Opens the acceptance form and answers what a browser keeps: the CSRF field and cookie. */
export async function openForm(t: TestApp, link: string) {
  const res = await request(t.http).get(link);
  const field = /name="form" value="([^"]+)"/.exec(res.text)?.[1];
  const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = setCookie?.map((c) => c.split(';')[0]).join('; ');
  return { res, field, cookie };
}

/** Opens the form and submits it with `fields` (the CSRF field and cookie included). */
export async function acceptInvitation(t: TestApp, link: string, fields: Record<string, string>) {
  const { field, cookie } = await openForm(t, link);
  return request(t.http)
    .post(link)
    .set('Cookie', cookie ?? '')
    .type('form')
    .send({ form: field ?? '', ...fields });
}

/** check-credentials, answering the parsed body (a user id or null) and the response. */
export async function checkCredentials(t: TestApp, email: string, password: string) {
  const res = await request(t.http).post('/api/user/check-credentials').send({ email, password });
  return { res, id: res.status === 200 ? (JSON.parse(res.text) as string | null) : undefined };
}
