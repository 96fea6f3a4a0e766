import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';

/**
 * Signed render URLs bind exactly what is routed (issue 24, H2): the signature is checked over the
 * path as Express routes it, and a render path that a URL normaliser would read differently, or
 * a query parameter that repeats a path segment, is refused before routing.
 */
describe('Signed render URLs: the path as routed (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let port: number;
  let signedId: string;
  let other: string;

  /** GET with the path sent byte for byte (supertest would normalise `\` and `..`). */
  const raw = (path: string) =>
    new Promise<{ status: number; text: string; location?: string; type?: string }>(
      (resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              text: Buffer.concat(chunks).toString('utf8'),
              location: res.headers.location,
              type: res.headers['content-type'],
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  const sign = async (url: string) => {
    const res = await request(t.http)
      .post('/api/assets/generated/sign')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ url, expiresInSeconds: 3600 });
    expect(res.status).toBe(200);
    return (res.body.url as string).replace('http://api.test', '');
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: signedId }, { readableId: other }] = await demo.createRecipeSets(a.handle, {
      count: 2,
    });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('does not let backslashes and .. bend a signed URL into another recipe set (H2)', async () => {
    const path = await sign(`${BASE}/${signedId}/north?camera=closeup`);
    const query = path.slice(path.indexOf('?'));
    const genuine = await raw(path);
    expect(genuine.status).toBe(302);
    // A URL parser reads this as the signed path; Express routes the other recipe set.
    const bent = await raw(
      `${BASE}/${other}/north/camera/a\\..\\..\\..\\..\\${signedId}\\north${query}`,
    );
    expect(bent.status).toBe(400);
    expect(bent.type).toMatch(TEXT_TYPE);
    expect(bent.text).toBe(
      'The request path contains a backslash (\\); send the path without backslashes, ".", ".." or empty segments, and without encoded ".", "/" or "\\".',
    );
    // Nor into a larger size of the same recipe set.
    const larger = await raw(
      `${BASE}/${signedId}/north/width/50/camera/a\\..\\..\\..\\..\\..\\..\\${signedId}\\north${query}`,
    );
    expect(larger.status).toBe(400);
  });

  it.each([
    ['a .. segment', (id: string) => `${id}/north/camera/x/../../../${id}/north`],
    ['a . segment', (id: string) => `${id}/./north`],
    ['an empty segment (//)', (id: string) => `${id}//north`],
    ['an encoded . (%2e)', (id: string) => `${id}/north/camera/%2e%2e`],
    ['an encoded / (%2F)', (id: string) => `${id}/north/camera/a%2F..`],
    ['an encoded \\ (%5c)', (id: string) => `${id}/north/camera/a%5c..`],
  ])('refuses a render path with %s, signed or not, before routing', async (problem, form) => {
    const path = `${BASE}/${form(signedId)}`;
    const withToken = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: { SERVICE_API_TOKEN: a.token } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(withToken.status).toBe(400);
    expect(withToken.text).toMatch(`The request path contains ${problem};`);
    const signed = await sign(`${BASE}/${signedId}/north`);
    const bent = await raw(`${path}${signed.slice(signed.indexOf('?'))}`);
    expect(bent.status).toBe(400);
    expect(bent.text).toMatch(`The request path contains ${problem};`);
  });

  it('refuses a query parameter that repeats a path segment (no part silently overrides another)', async () => {
    for (const [path, segment] of [
      [`${signedId}/north/camera/closeup?camera=closeup`, 'camera'],
      [`${signedId}/north/state/print-output?renderStateHandle=print-output`, 'state'],
      [`${signedId}/north/width/100?w=200`, 'width'],
      [`${signedId}/view/north/height/100?height=200`, 'height'],
    ]) {
      const res = await request(t.http).get(`${BASE}/${path}`).set('SERVICE_API_TOKEN', a.token);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toMatch(
        new RegExp(`^The render URL gives ${segment} twice: as the path segment ${segment}/`),
      );
    }
  });

  it('refuses to sign a URL whose path a parser would rewrite', async () => {
    for (const url of [
      `${BASE}/${other}/north/../../${signedId}/north`,
      `${BASE}/${signedId}\\north`,
      `http://api.test${BASE}/${signedId}/north/camera/a%2F`,
    ]) {
      const res = await request(t.http)
        .post('/api/assets/generated/sign')
        .set('SERVICE_API_TOKEN', a.token)
        .send({ url });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/^Invalid url: its path contains /);
    }
  });
});
