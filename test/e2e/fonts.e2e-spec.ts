import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Fonts (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the bundled fonts, sorted by handle, to a token of any role', async () => {
    for (const role of [Role.User, Role.Admin, Role.ServiceAdmin]) {
      const client = await createClient(t.app, { role });
      const res = await request(t.http).get('/api/fonts').set('SERVICE_API_TOKEN', client.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const handles = (res.body.data as { handle: string }[]).map((f) => f.handle);
      expect(handles).toEqual([...handles].sort());
      expect(handles).toEqual(
        expect.arrayContaining(['roboto', 'roboto-bold', 'open-sans', 'lobster']),
      );
      expect(res.body.data).toContainEqual({
        handle: 'playfair-display-bold',
        family: 'Playfair Display',
        weight: 700,
        style: 'normal',
        license: 'OFL-1.1',
      });
    }
  });

  it('answers 401 text without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const req = request(t.http).get('/api/fonts/');
      const res = await (token ? req.set('SERVICE_API_TOKEN', token) : req);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});
