import { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { Role } from '../../src/common/auth/role';
import { WorkPools } from '../../src/common/scheduling/work-pools';
import { ASSETS_PATH, uploadAsset, uploadRows } from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { testImage } from '../support/images';

/**
 * A lossless WebP header claiming 8000 × 8000 pixels (M1 of issue 24: 2.5 KB that cost 7 s of CPU
 * to normalise). Only the header is real: refused from it, the rest is never decoded.
 */
function bigWebp(width = 8000, height = 8000): Buffer {
  const payload = Buffer.alloc(2500);
  payload[0] = 0x2f; // VP8L signature, then 14 bits width-1 and 14 bits height-1
  payload.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.alloc(4), payload]);
  chunk.writeUInt32LE(payload.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

/** An 8 × 8 GIF of `frames` frames, alternately black and white (a few hundred KB at most). */
async function longGif(frames: number): Promise<Buffer> {
  const side = 8;
  const raw = Buffer.alloc(side * side * frames * 3);
  for (let i = 1; i < frames; i += 2) raw.fill(255, i * side * side * 3, (i + 1) * side * side * 3);
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

/** Waits for `condition`, at most 20 s (then the test fails rather than hangs). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true within 20 s');
    await sleep(20);
  }
}

/**
 * M1 and M2 of issue 24, and the upload plan policy: an upload too costly to decode (too many
 * pixels or frames, or a normalisation dearer than MAX_UPLOAD_COST) is refused from its header
 * before it waits or counts; upload bodies held in memory are bounded (503 with
 * Retry-After beyond); uploads beyond the plan are 429 with the RateLimit headers.
 */
describe('Upload limits (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let normalised: string[];

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        UPLOAD_BODIES: '1',
        UPLOAD_CLIENT_SHARE_PERCENT: '100',
        UPLOAD_QUEUE: '0',
        UPLOAD_QUEUE_WAIT_MS: '20000',
        PLAN_UPLOADS_PER_MINUTE: 'free:1,standard:1,enterprise:1',
      },
    });
    a = await createClient(t.app, { role: Role.User });
    const uploads = t.app.get(WorkPools).uploads;
    const run = uploads.run.bind(uploads);
    normalised = [];
    jest.spyOn(uploads, 'run').mockImplementation((client, task) => {
      normalised.push(client);
      return run(client, task);
    });
  });
  afterAll(() => t.close());

  it('refuses an 8000 × 8000 WebP from its header, naming the pixel limit, before decoding it', async () => {
    const res = await uploadAsset(t, a, bigWebp(), { filename: 'big.webp' });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      `The file "big.webp" has 8000 × 8000 pixels, more than the limit of ${t.config.maxUploadPixels} pixels.`,
    );
    expect(t.config.maxUploadPixels).toBeLessThan(8000 * 8000);
    expect(normalised).toEqual([]);
  });

  it('refuses a 1,500-frame GIF from its header, naming the frame limit, before decoding it', async () => {
    const res = await uploadAsset(t, a, await longGif(1500), { filename: 'long.gif' });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      'The file "long.gif" has 1500 frames, more than the limit of 100 frames (MAX_UPLOAD_FRAMES).',
    );
    expect(normalised).toEqual([]);
    expect(await uploadRows(t, a.id)).toBe(0);
  });

  it('refuses a small lossless WebP whose normalisation would cost too much, naming MAX_UPLOAD_COST, before decoding it', async () => {
    // 36 million pixels (under MAX_UPLOAD_PIXELS) in 2.5 KB: about 7 s of CPU to decode and encode again.
    const webp = bigWebp(6000, 6000);
    expect(webp.length).toBeLessThan(3000);
    expect(6000 * 6000).toBeLessThanOrEqual(t.config.maxUploadPixels);
    const res = await uploadAsset(t, a, webp, { filename: 'lossless.webp' });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      `The file "lossless.webp" is a lossless WebP of 6000 × 6000 pixels, which costs as much to decode and encode again as 180 megapixels of JPEG, more than the limit of ${t.config.uploads.maxCost} (MAX_UPLOAD_COST).`,
    );
    expect(normalised).toEqual([]);
    expect(await uploadRows(t, a.id)).toBe(0);
  });

  it('holds at most UPLOAD_BODIES bodies in memory: past them, 503 with Retry-After before reading', async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    // An upload whose body is still coming: it holds the one slot while it is read.
    const boundary = 'held-upload';
    const held = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: ASSETS_PATH,
      headers: {
        SERVICE_API_TOKEN: a.token,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': '100000',
      },
    });
    const heldAnswer = new Promise<number>((resolve) => {
      held.on('response', (res) => resolve(res.statusCode ?? 0));
      held.on('error', () => resolve(0));
    });
    held.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const bodies = t.app.get(WorkPools).uploadBodies;
    await until(() => bodies.load.running === 1);

    const refused = await uploadAsset(t, a, await testImage('png', { width: 8, height: 8 }));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('20');
    expect(refused.body).toMatchObject({ status: 503, code: 'POOL_BUSY' });

    // The held request goes away: its slot is free again.
    held.destroy();
    await heldAnswer;
    await until(() => bodies.load.running === 0);
    const accepted = await uploadAsset(t, a, await testImage('png', { width: 8, height: 8 }));
    expect(accepted.status).toBe(201);
    expect(normalised).toEqual([a.id]);
  });

  it('counts uploads against the plan: beyond it, 429 with Retry-After and the RateLimit headers', async () => {
    // The previous test's upload was the one of this minute.
    const res = await uploadAsset(t, a, await testImage('png', { width: 9, height: 9 }));
    expect(res.status).toBe(429);
    expect(res.text).toMatch(
      new RegExp(
        `^Rate limit exceeded: client ${a.handle}'s plan allows 1 upload per 60 s \\(policy upload, PLAN_UPLOADS_PER_MINUTE\\); retry in \\d+ s\\.$`,
      ),
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['ratelimit-policy']).toBe('"upload";q=1;w=60');
    expect(res.headers.ratelimit).toMatch(/^"upload";r=0;t=\d+$/);
    expect(normalised).toEqual([a.id]);
  });
});

describe('Upload cost against the plan (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PLAN_UPLOADS_PER_MINUTE: 'free:100,standard:100,enterprise:100',
        PLAN_UPLOAD_COST_PER_MINUTE: 'free:5,standard:5,enterprise:5',
      },
    });
    a = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  it('counts what uploads cost to normalise: a few dear ones reach the plan before many cheap ones would', async () => {
    // 1500 × 1500 PNG: 2.25 megapixels at twice a JPEG's weight, 5 units: the whole minute's budget.
    const dear = await testImage('png', { width: 1500, height: 1500 });
    const first = await uploadAsset(t, a, dear);
    expect(first.status).toBe(201);
    expect(first.headers['ratelimit-policy']).toBe('"upload";q=100;w=60, "upload-cost";q=5;w=60');
    expect(first.headers.ratelimit).toMatch(/^"upload";r=99;t=\d+, "upload-cost";r=0;t=\d+$/);

    const second = await uploadAsset(t, a, await testImage('png', { width: 16, height: 16 }));
    expect(second.status).toBe(429);
    expect(second.text).toMatch(
      new RegExp(
        `^Rate limit exceeded: client ${a.handle}'s plan allows uploads costing 5 megapixels of JPEG to normalise \\(pixels weighted by format, MAX_UPLOAD_COST\\) per 60 s \\(policy upload-cost, PLAN_UPLOAD_COST_PER_MINUTE\\); retry in \\d+ s\\.$`,
      ),
    );
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await uploadRows(t, a.id)).toBe(1);
  });

  it("counts each client's cost apart", async () => {
    const b = await createClient(t.app, { role: Role.User });
    const res = await uploadAsset(t, b, await testImage('png', { width: 16, height: 16 }));
    expect(res.status).toBe(201);
    expect(res.headers.ratelimit).toMatch(/"upload-cost";r=4;/);
  });
});
