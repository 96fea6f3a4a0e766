import sharp from 'sharp';
import { until } from '../support/processes/http';
import { orderBody } from '../support/processes/orders';
import {
  bucketKeys,
  download,
  jobsFinished,
  upstreamOf,
  viaOtherInstance,
  workerMetrics,
} from './support/observe';
import { useTopology } from './support/topology';

const CLIENT = 'partner';
const ORDERS = 6;

interface PrintSetRow {
  readable: string;
  version: number;
  settings: string;
  status: string;
  attempts: number;
  rows: number;
}

/**
 * The partner scenario through the proxy of the compose topology: two API instances
 * (WORKERS=false) take turns answering, two worker processes make the files; everything one
 * instance writes, the other serves.
 */
describe('The compose topology: the partner scenario through a round-robin proxy', () => {
  const top = useTopology({ client: CLIENT, recipeSets: ORDERS });
  const po = (i: number) => `TOPO-${i}`;

  it('acknowledges orders through both instances and makes each print set exactly once', async () => {
    // Each order names two recipe sets, overlapping the next order's: every set is asked for twice.
    const acks = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        top.call('POST', '/api/order/acknowledgement', {
          body: orderBody(po(i), top.recipeSets, i),
        }),
      ),
    );
    expect(acks.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(new Set(acks.map(upstreamOf))).toEqual(new Set([0, 1]));

    await until(
      'every print set is ready',
      async () => {
        const sets = await printSets(top.recipeSets);
        if (sets.some((s) => s.status === 'failed'))
          throw new Error(`a print set failed: ${JSON.stringify(sets)}`);
        return sets.length === ORDERS && sets.every((s) => s.status === 'ready');
      },
      240_000,
    );
    // One row per recipe set, design version and settings, made in one attempt.
    for (const set of await printSets(top.recipeSets))
      expect(set).toMatchObject({ rows: 1, attempts: 1, status: 'ready' });
    // And one ZIP each in the bucket: no set was made twice (each making writes new keys).
    const zips = (await bucketKeys(top.s3, '')).filter((k) => k.endsWith('.zip'));
    expect(zips).toHaveLength(ORDERS);
  }, 300_000);

  it('serves the ZIP and the specification PDF from either instance', async () => {
    const [id] = top.recipeSets;
    // The ZIP's link (303), and the link as text: answered by both instances alike.
    const first = await top.call('GET', `/api/webtoprint/${id}/`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const zipUrl = first.headers.get('location')!;
    expect(zipUrl.startsWith(`${top.url}/cdn/`)).toBe(true);
    const second = await viaOtherInstance(upstreamOf(first), () =>
      top.call('GET', `/api/webtoprint/${id}`, { headers: { Accept: 'text/plain' } }),
    );
    expect([second.status, second.text]).toEqual([200, zipUrl]);
    // The ZIP was written by a worker: each API instance serves it from the bucket.
    const zips = await bothInstances(() => download(zipUrl));
    for (const zip of zips) {
      expect(zip.status).toBe(200);
      expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(zip.bytes.equals(zips[0].bytes)).toBe(true);
    }
    // The specification PDF: built once by one instance, stored, served by the other the same.
    const sheets = await bothInstances(() =>
      download(`${top.url}/${CLIENT}/specification/${id}/pdf/`, top.token),
    );
    for (const sheet of sheets) {
      expect([sheet.status, sheet.contentType]).toEqual([200, 'application/pdf']);
      expect(sheet.bytes.equals(sheets[0].bytes)).toBe(true);
    }
  });

  it('updates the status, takes the ship notification and finds the order, whichever instance answers', async () => {
    const order = po(0);
    const [id] = top.recipeSets;
    const status = await top.call('PUT', '/api/order/status', {
      body: {
        purchaseOrderNumber: order,
        lineItems: [{ recipeSetReadableId: id, workflowStatus: 'in-progress' }],
      },
    });
    expect([status.status, status.text]).toEqual([200, expect.stringContaining(order)]);
    const read = await viaOtherInstance(upstreamOf(status), () =>
      top.call('GET', `/api/order/order-number/${order}`),
    );
    expect(read.status).toBe(200);
    expect(lineItem(read.text, id)).toMatchObject({ workflowStatus: 'in-progress' });

    const shipped = await top.call('POST', '/api/order/ship-notification', {
      body: {
        purchaseOrderNumber: order,
        lineItems: [
          { recipeSetReadableId: id, shipmentTracking: ['1Z999'], shipmentVendor: 'UPS' },
        ],
      },
    });
    expect(shipped.status).toBe(200);
    const afterShip = await viaOtherInstance(upstreamOf(shipped), () =>
      top.call('GET', `/api/order/order-number/${order}`),
    );
    expect(lineItem(afterShip.text, id)).toMatchObject({ shipmentTracking: '1Z999' });

    const searches = await bothInstances(() =>
      top.call('POST', '/api/orders/search', {
        body: { lastModificationStartDate: new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    for (const search of searches) {
      expect(search.status).toBe(200);
      for (let i = 0; i < ORDERS; i++) expect(search.text).toContain(`"${po(i)}"`);
    }
  });

  it('serves a render drawn by one instance from the other', async () => {
    const [id] = top.recipeSets;
    const path = `/api/assets/generated/recipeset/readable/${id}/north?width=300`;
    // Without transformations the answer is a redirect to the stored render.
    const drawn = await top.call('GET', path.replace('?width=300', ''), { redirect: 'manual' });
    expect(drawn.status).toBe(302);
    const location = drawn.headers.get('location')!;
    const again = await viaOtherInstance(upstreamOf(drawn), () =>
      top.call('GET', path.replace('?width=300', ''), { redirect: 'manual' }),
    );
    expect([again.status, again.headers.get('location')]).toEqual([302, location]);
    const blobs = await bothInstances(() => download(location));
    for (const blob of blobs) {
      expect([blob.status, blob.contentType]).toEqual([200, 'image/png']);
      expect(blob.bytes.equals(blobs[0].bytes)).toBe(true);
    }
    // A transformation of it, made by one instance, is the same image from the other.
    const scaled = await bothInstances(() => download(top.url + path, top.token));
    for (const image of scaled) {
      expect(image.status).toBe(200);
      expect((await sharp(image.bytes).metadata()).width).toBe(300);
      expect(image.headers.get('etag')).toBe(scaled[0].headers.get('etag'));
    }
  });

  it('keeps an upload and its saved asset on one instance, and serves both from the other', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#43a047' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    form.append('organizationIdentifier', 'ORG-T');
    const upload = await top.call('POST', '/api/assets/uploaded', {
      token: top.adminToken,
      form,
    });
    expect([upload.status, upload.text.slice(0, 300)]).toEqual([201, expect.anything()]);
    const uploaded = (JSON.parse(upload.text) as { data: { id: number; uri: string } }).data;
    const blob = await viaOtherInstance(upstreamOf(upload), async () => download(uploaded.uri));
    expect(blob.status).toBe(200);
    expect(blob.bytes.equals(png)).toBe(true);

    const saved = await top.call('POST', '/api/assets/saved', {
      token: top.adminToken,
      body: {
        uploadedAssetId: uploaded.id,
        organizationIdentifier: 'ORG-T',
        clientAccountReference: 'CUST-T',
      },
    });
    expect([saved.status, saved.text.slice(0, 300)]).toEqual([201, expect.anything()]);
    const savedId = (JSON.parse(saved.text) as { data: { id: number } }).data.id;
    const read = await viaOtherInstance(upstreamOf(saved), () =>
      top.call('GET', `/api/assets/saved/${savedId}`, { token: top.adminToken }),
    );
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)).toMatchObject({
      data: { id: savedId, uploadedAssetId: uploaded.id, organizationIdentifier: 'ORG-T' },
    });
  });

  it('shares a design by e-mail with a link either instance opens', async () => {
    const id = top.recipeSets[1];
    const sent = await top.call('POST', '/api/share/send', {
      body: { emailAddresses: ['jane@example.com'], recipeSetReadableId: id },
    });
    expect([sent.status, sent.text]).toEqual([200, '{"sent":1,"held":0}']);
    await until('the e-mail arrives', () => Promise.resolve(top.smtp.received.length > 0), 60_000);
    const [mail] = top.smtp.received;
    expect(mail.to).toEqual(['jane@example.com']);
    const link = new RegExp(`${escape(top.url)}/share/[A-Za-z0-9_-]+`).exec(
      String(mail.parsed.html || mail.parsed.text),
    )?.[0];
    expect(link).toBeDefined();
    const pages = await bothInstances(() => download(link!));
    for (const page of pages) {
      expect([page.status, page.contentType]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expect(page.bytes.toString('utf8')).toContain(`${link}/image`);
    }
    // The page's image: a redirect to the stored render, which either instance serves.
    const image = await download(`${link}/image`);
    expect(image.status).toBe(302);
    const blobs = await bothInstances(() => download(image.headers.get('location')!));
    for (const blob of blobs) expect([blob.status, blob.contentType]).toEqual([200, 'image/png']);
  });

  it("counts, in the workers' /metrics, the jobs they ran", async () => {
    const completed = async (name: string) =>
      Number(
        (
          await top.query<{ n: string }>(
            `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
            [name],
          )
        )[0].n,
      );
    expect(await completed('print-files')).toBeGreaterThanOrEqual(ORDERS);
    for (const name of ['print-files', 'deliver-message']) {
      const inDatabase = await completed(name);
      // Every completed job was run by one worker process, and counted there once.
      const counted = await Promise.all(
        top.workers.map(async (w) => jobsFinished(await workerMetrics(w), name)),
      );
      console.log(`${name}: ${inDatabase} completed; per worker ${counted.join(', ')}`);
      expect(counted.reduce((a, b) => a + b, 0)).toBe(inDatabase);
    }
    // And both instances served: the proxy alternated.
    expect(top.proxy.served.every((n) => n > 10)).toBe(true);
  });

  it("counts, on each API instance's METRICS_PORT (no token), the requests the proxy sent it", async () => {
    for (const [i, api] of top.apis.entries()) {
      const res = await fetch(top.metricsUrls.get(api)!);
      expect(res.status).toBe(200);
      const counted = [...(await res.text()).matchAll(/^http_requests_total\{[^}]*\} (\d+)$/gm)]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
      console.log(`API ${i}: ${counted} requests counted; the proxy sent ${top.proxy.served[i]}`);
      // Its own probes at start-up are counted too; every request through the proxy is.
      expect(counted).toBeGreaterThanOrEqual(top.proxy.served[i]);
    }
  });

  /** The print-file sets of these recipe sets, one entry per recipe set, version and settings. */
  async function printSets(readable: string[]): Promise<PrintSetRow[]> {
    const rows = await top.query<PrintSetRow & { rows: string }>(
      `SELECT r.readable_id AS readable, s.design_version AS version, s.settings_key AS settings,
              max(s.status) AS status, max(s.attempts) AS attempts, count(*) AS rows
         FROM print_file_set s JOIN recipe_set r ON r.id = s.recipe_set_id
        WHERE r.readable_id = ANY($1)
        GROUP BY 1, 2, 3 ORDER BY 1`,
      [readable],
    );
    return rows.map((r) => ({ ...r, rows: Number(r.rows) }));
  }

  /** Sends `send` twice in a row: the proxy gives one to each instance. */
  async function bothInstances<T extends { headers: Headers }>(
    send: () => Promise<T>,
  ): Promise<T[]> {
    const first = await send();
    return [first, await viaOtherInstance(upstreamOf(first), send)];
  }
});

function lineItem(orderJson: string, readableId: string): Record<string, unknown> {
  const order = JSON.parse(orderJson) as { lineItems: Record<string, unknown>[] };
  const item = order.lineItems.find((l) => l.recipeSetId === readableId);
  if (!item) throw new Error(`no line item ${readableId} in ${orderJson.slice(0, 500)}`);
  return item;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
