import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { withClient } from '../setup/test-database';
import { call, until } from '../support/processes/http';
import { useRig } from './support/rig';

// Print-file jobs that survive a worker killed mid-job (kill -9), and many workers sharing them
// without making a set twice, are proven by the topology suite (test/topology), on the compose
// topology's separate worker processes.

/**
 * Issue 24 H3: twenty 400 × 400 mm image elements on a 300 × 400 mm location, asked for as a proof
 * with a User token, used to be made in the API process at 2.2–3.6 GB (every element decoded at its
 * full print size, all at once). Now such a design is refused when saved; stored anyway (saved
 * before the rules), its print files are refused; and the heaviest design allowed (two images
 * covering the page, the PRINT_MAX_IMAGE_PIXELS ceiling) is made with the process far under 1 GB.
 */
describe('Print files of huge image elements (a proof)', () => {
  const rig = useRig({ client: 'printhuge', recipeSets: 2, env: { WORKERS: 'true' } });

  it('are refused or made with the API process under 1 GB of resident memory', async () => {
    const [huge, heaviest] = rig.recipeSets;
    const base = rig.api.baseUrl;
    const form = new FormData();
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#1e88e5' },
    })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
    const upload = await fetch(`${base}/api/assets/uploaded`, {
      method: 'POST',
      headers: { SERVICE_API_TOKEN: rig.token },
      body: form,
    });
    expect(upload.status).toBe(201);
    const art = ((await upload.json()) as { data: { id: number } }).data.id;
    const images = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'image',
        uploadedAssetId: art,
        x: i * 5,
        y: i * 5,
        width: 400,
        height: 400,
        rotation: 0,
      }));
    const design = (id: string, n: number) =>
      call(base, 'PUT', `/api/recipesets/${id}/design`, {
        token: rig.token,
        body: { design: { front: { elements: images(n) } } },
      });
    const peakReset = resetPeak(rig.api.pid);

    const refused = await design(huge, 20);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/\(PRINT_MAX_IMAGE_PIXELS\)/);
    // Stored without the rules, as a design saved before them was.
    await withClient(rig.databaseUrl, (db) =>
      db.query(`UPDATE recipe_set SET design = $2 WHERE readable_id = $1`, [
        huge,
        JSON.stringify({ front: { elements: images(20) } }),
      ]),
    );
    const legacy = await call(base, 'GET', `/api/webtoprint/${huge}?priority=Highest`, {
      token: rig.token,
    });
    expect([legacy.status, legacy.text]).toEqual([
      422,
      expect.stringMatching(/PRINT_MAX_IMAGE_PIXELS/),
    ]);

    expect((await design(heaviest, 2)).status).toBe(200);
    const first = await call(base, 'GET', `/api/webtoprint/${heaviest}?priority=Highest`, {
      token: rig.token,
    });
    expect(first.status).toBe(202);
    await until(
      'the proof is ready',
      async () => {
        if (!rig.api.running) throw new Error(`the API died:\n${rig.api.log()}`);
        const res = await call(base, 'GET', `/api/webtoprint/${heaviest}`, {
          token: rig.token,
          headers: { Accept: 'text/plain' },
        });
        if (res.status !== 200 && res.status !== 202)
          throw new Error(`answered ${res.status}: ${res.text}`);
        return res.status === 200;
      },
      240_000,
    );
    const peakMiB = peakRssMiB(rig.api.pid);
    console.log(
      `print files, two 400 mm images: peak RSS ${Math.round(peakMiB)} MiB (reset: ${peakReset})`,
    );
    expect(peakMiB).toBeLessThan(1024);
  }, 300_000);
});

/** Resets a process's peak RSS to its current RSS (Linux `clear_refs`); false if not permitted. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A process's peak resident set size (VmHWM) in MiB. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}
