import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * Issue 24 (low): the word and blocked-hash caps were count-then-insert, so parallel requests
 * overshot them (2,018 words stored against a cap of 2,000). Set low here, they hold.
 */
describe('Moderation list caps under parallel requests (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      env: { MODERATION_MAX_WORDS: '3', MODERATION_MAX_BLOCKED_HASHES: '2' },
    });
    admin = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(() => t.close());

  const add = (path: string, body: object) =>
    request(t.http).post(path).set('SERVICE_API_TOKEN', admin.token).send(body);
  const statuses = (answers: request.Response[]) => answers.map((r) => r.status).sort();

  it('stores at most MODERATION_MAX_WORDS words of 8 sent at once; the rest get 409 naming it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        add('/api/moderation/words', { locale: 'en', word: `nitwit${i}` }),
      ),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.text).toBe(
      'A client may have at most 3 moderation words.',
    );
    const listed = await request(t.http)
      .get('/api/moderation/words')
      .set('SERVICE_API_TOKEN', admin.token);
    expect(listed.body.data).toHaveLength(3);
  });

  it('stores at most MODERATION_MAX_BLOCKED_HASHES hashes of 6 sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        add('/api/moderation/blocked-hashes', { hash: `00000000000000a${i}` }),
      ),
    );
    expect(statuses(answers)).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.text).toBe(
      'A client may have at most 2 blocked hashes.',
    );
  });
});
