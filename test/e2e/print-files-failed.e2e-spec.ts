import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * A print set that failed for good: every read answers 500 with the reason the worker recorded
 * and links the failure's one log entry (a read writes no new one).
 */
describe('A failed print set (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(a.handle);
  });
  afterAll(() => t.close());

  const logEntries = async () =>
    Number((await t.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM log_entry'))[0].n);

  it('answers 500 with the reason, linking one log entry, the same on every read', async () => {
    const [set] = await t.app
      .get(DemoService)
      .createRecipeSets(a.handle, { count: 1, product: 'demo-tee' });
    const get = (path: string) =>
      request(t.http).get(path).set('SERVICE_API_TOKEN', a.token).set('Accept', 'text/plain');
    // Requested (queued; no workers run here), then failed for good as the worker records it.
    expect((await get(`/api/webtoprint/${set.readableId}`)).status).toBe(202);
    await t.dataSource.query(
      `UPDATE print_file_set SET status = 'failed', error = 'the PDF could not be drawn: font roboto-bold is missing', completed_at = now()`,
    );
    const before = await logEntries();
    const answers = [];
    for (const path of [
      `/api/webtoprint/${set.readableId}`,
      `/api/webtoprint/${set.readableId}`,
      `/api/webtoprint/${set.readableId}/location/front`,
    ])
      answers.push(await get(path));
    const ids = answers.map((res) => {
      expect(res.status).toBe(500);
      return (res.body as { logId?: string }).logId;
    });
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(1);
    for (const res of answers)
      expect(res.body.detail).toMatch(
        new RegExp(
          `^The print files of recipe set ${set.readableId} \\(design version \\d+\\) could not be made: ` +
            'the PDF could not be drawn: font roboto-bold is missing\\. ' +
            'The print_files\\.failed event carries the same reason\\.',
        ),
      );
    expect(await logEntries()).toBe(before + 1);
    const page = await request(t.http).get(`/logentry/detail/${ids[0]}`);
    expect(page.status).toBe(200);
  });
});
