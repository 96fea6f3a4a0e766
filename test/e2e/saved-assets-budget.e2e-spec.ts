import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { worstListBytes } from '../../src/saved-assets';
import { createClient, TestClient } from '../factories/clients';
import {
  addJob,
  asCaller,
  listPath,
  reportJob,
  SAVED_PATH,
  savedAssetFor,
} from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';

/** The limits of this app, small so that a few assets fill a page. */
const ASSET_MAX = 8192; // SAVED_ASSET_MAX_BYTES=8kb
const PAGE = 10;
/** Exactly what a page of PAGE assets at ASSET_MAX needs (with room for the envelope). */
const LIST_MAX = worstListBytes(PAGE, ASSET_MAX, 4096);
const ORG = 'ORG:FULL';
const ASSETS = 15;

/**
 * Issue 38: the saved-asset list was capped in items, not bytes (an asset of 50 jobs with long
 * notes, URIs and 20 outputs each was about 5 MB, each written twice; 40 of them were a 205 MB
 * answer). An asset may now be SAVED_ASSET_MAX_BYTES as listed (413 on the write past it), and a
 * list answer LIST_MAX_RESPONSE_BYTES (400 naming it, before anything is sent).
 */
describe('Saved assets: responses bounded in bytes (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  const filled: number[] = [];

  /** Adds jobs to the asset until the next one would take it past ASSET_MAX (413). */
  async function fill(assetId: number): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const res = await addJob(t, admin, assetId, {
        providerHandle: 'digitizer',
        notes: `${i} ${'n'.repeat(500)}`,
      });
      if (res.status === 413) return;
      if (res.status !== 201) throw new Error(`job answered ${res.status}: ${res.text}`);
    }
    throw new Error('the asset never filled');
  }

  const read = (id: number) => request(t.http).get(`${SAVED_PATH}/${id}`).set(asCaller(admin));
  const list = (query: string, include?: string) =>
    request(t.http)
      .get(`${listPath(admin.handle, ORG, include)}${query}`)
      .set(asCaller(admin))
      .set('Accept-Encoding', 'identity');

  beforeAll(async () => {
    t = await createTestApp({
      env: { SAVED_ASSET_MAX_BYTES: '8kb', LIST_MAX_RESPONSE_BYTES: `${LIST_MAX}b` },
    });
    admin = await createClient(t.app, { role: Role.Admin });
    for (let i = 0; i < ASSETS; i++) filled.push(await savedAssetFor(t, admin, ORG));
    // A few at a time: each asset's jobs are added in turn.
    for (let i = 0; i < filled.length; i += 4) await Promise.all(filled.slice(i, i + 4).map(fill));
  });
  afterAll(() => t.close());

  it('fills every asset to within a job of SAVED_ASSET_MAX_BYTES, never past it', async () => {
    for (const id of filled) {
      const res = await read(id);
      expect(res.status).toBe(200);
      const bytes = Buffer.byteLength(JSON.stringify(res.body.data));
      expect(bytes).toBeLessThanOrEqual(ASSET_MAX);
      // A job here is about 1 KB.
      expect(bytes).toBeGreaterThan(ASSET_MAX - 1200);
    }
  });

  it('refuses a job that would make its asset too large with 413 naming the limit, storing nothing', async () => {
    const id = await savedAssetFor(t, admin, 'ORG:ONE');
    // 2,000 control characters are 12,000 bytes of JSON (\u0001 each).
    const res = await addJob(t, admin, id, { providerHandle: 'p', notes: '\u0001'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(res.text).toMatch(
      new RegExp(
        `^Saved asset ${id} would be 1[23]\\d{3} bytes as listed \\(with its production jobs, results, outputs and upload\\), more than the 8192 an asset may be \\(SAVED_ASSET_MAX_BYTES\\)\\.$`,
      ),
    );
    expect((await read(id)).body.data.productionJobs).toEqual([]);
  });

  it("refuses a report whose outputs would make the asset too large; the job's result stays as it was", async () => {
    const id = await savedAssetFor(t, admin, 'ORG:ONE');
    const job = await addJob(t, admin, id, { providerHandle: 'p' });
    expect(job.status).toBe(201);
    const outputs = Array.from({ length: 20 }, (_, i) => ({
      uri: `https://provider.example.com/${i}/${'u'.repeat(400)}.dst`,
    }));
    const res = await reportJob(t, admin, job.body.data.id, {
      status: 'Done',
      result: { outputs },
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain('more than the 8192 an asset may be (SAVED_ASSET_MAX_BYTES).');
    const stored = (await read(id)).body.data.productionJobs[0];
    expect(stored).toMatchObject({ status: 'Submitted', result: null });
    // Fewer outputs fit.
    const fewer = await reportJob(t, admin, job.body.data.id, {
      result: { outputs: outputs.slice(0, 5) },
    });
    expect(fewer.status).toBe(200);
  });

  it('answers every page of assets at the maximum within LIST_MAX_RESPONSE_BYTES, each item twice', async () => {
    for (const include of [undefined, 'true']) {
      const pages = [
        await list(`?pageSize=${PAGE}`, include),
        await list(`?pageSize=${PAGE}&page=2`, include),
      ];
      const ids: number[] = [];
      for (const page of pages) {
        expect(page.status).toBe(200);
        expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(LIST_MAX);
        expect(page.body.data).toEqual(page.body.contents);
        ids.push(...(page.body.contents as { id: number }[]).map((a) => a.id));
      }
      expect(ids.sort((a, b) => a - b)).toEqual([...filled].sort((a, b) => a - b));
      // The first page holds PAGE assets of over 6 KB each (without their uploads), twice.
      expect(Buffer.byteLength(pages[0].text)).toBeGreaterThan(PAGE * 2 * (ASSET_MAX - 2000));
    }
  });

  it('refuses a list over LIST_MAX_RESPONSE_BYTES with 400 naming the limit and what fits, before sending any of it', async () => {
    const whole = await list('');
    expect(whole.status).toBe(400);
    const match = new RegExp(
      `^The answer would be more than ${LIST_MAX} bytes, the limit of a list \\(LIST_MAX_RESPONSE_BYTES\\); its first (\\d+) items fit: page it with pageSize \\(at most (\\d+)\\) and page\\.$`,
    ).exec(whole.text);
    expect(match).not.toBeNull();
    const fit = Number(match![1]);
    expect(Number(match![2])).toBe(fit);
    expect(fit).toBeGreaterThanOrEqual(PAGE);
    expect(fit).toBeLessThan(ASSETS);

    const page = await list(`?pageSize=${ASSETS}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(`its first ${fit} items fit: ask for pageSize ${fit} or less.`);
    const advised = await list(`?pageSize=${fit}`);
    expect(advised.status).toBe(200);
    expect(advised.body.contents).toHaveLength(fit);
  });
});
