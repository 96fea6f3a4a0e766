#!/usr/bin/env node
/**
 * Measures what one proof at the print cost ceiling costs a running API process: the longest
 * event-loop stall (seen as the slowest `GET /health/live`, sampled every 20 ms while the proof is
 * made) and its resident memory (VmRSS now and VmHWM, its peak, from /proc/<pid>/status, read
 * before, during and after). The design is the ceiling of the demo tee: two 400 × 400 mm images
 * on each 300 × 400 mm location (34.7 million pixels of images a location at 300 dpi).
 *
 *   API_URL=http://127.0.0.1:3000 API_TOKEN=<Admin token of a client with the demo catalog> \
 *   API_PID=<pid of the API process> node scripts/print-proof-probe.mjs [proofs=1]
 *
 * The API must run the print jobs itself (WORKERS=true, the embedded default). Run it on an idle
 * machine, once per build to compare; several proofs run one after another (`proofs`), each on a
 * new recipe set. Prints one JSON line per proof and a summary. Node 20+, no build needed.
 */
import { readFileSync } from 'node:fs';

const base = (process.env.API_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const token = process.env.API_TOKEN;
const pid = process.env.API_PID;
const proofs = Number(process.argv[2] ?? 1);
if (!token)
  throw new Error('API_TOKEN is required (an Admin token of a client with the demo catalog)');

const headers = { SERVICE_API_TOKEN: token };
const mib = (kb) => Math.round(kb / 1024);

/** VmRSS and VmHWM of the API process in MiB (null without API_PID or off Linux). */
function memory() {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: mib(field('VmRSS')), peakMiB: mib(field('VmHWM')) };
}

/** A tiny opaque PNG (a flat colour, 8 × 8), made without any image library. */
async function artwork() {
  const { deflateSync, crc32 } = await import('node:zlib');
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0]);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([30, 136, 229]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function call(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers:
      body && !(body instanceof FormData)
        ? { ...headers, 'Content-Type': 'application/json' }
        : headers,
    body: body instanceof FormData ? body : body && JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, json: () => JSON.parse(text) };
}

async function main() {
  const form = new FormData();
  form.append('file', new Blob([await artwork()], { type: 'image/png' }), 'probe.png');
  const art = (await call('POST', '/api/assets/uploaded', form)).json().data.id;
  const image = (at) => ({
    type: 'image',
    uploadedAssetId: art,
    x: at,
    y: at,
    width: 400,
    height: 400,
    rotation: 0,
  });
  const elements = [image(0), image(5)];
  const results = [];
  for (let n = 0; n < proofs; n++) {
    const created = await call('POST', '/api/recipesets', {
      productHandle: 'demo-tee',
      design: { front: { elements }, back: { elements } },
    });
    const id = created.json().data.readableId;
    const before = memory();
    let slowest = 0;
    let samples = 0;
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const start = performance.now();
        await fetch(`${base}/health/live`).then((r) => r.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - start);
        samples++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const start = performance.now();
    let status = 202;
    let during = before;
    while (status === 202) {
      status = (await call('GET', `/api/webtoprint/${id}`)).status;
      const now = memory();
      if (now && (!during || now.rssMiB > during.rssMiB)) during = now;
      if (status === 202) await new Promise((r) => setTimeout(r, 250));
    }
    done = true;
    await sampler;
    const result = {
      proof: n + 1,
      recipeSet: id,
      status,
      seconds: Math.round((performance.now() - start) / 100) / 10,
      liveMaxMs: Math.round(slowest),
      liveSamples: samples,
      rssBeforeMiB: before?.rssMiB ?? null,
      rssMaxSeenMiB: during?.rssMiB ?? null,
      rssAfterMiB: memory()?.rssMiB ?? null,
      peakRssMiB: memory()?.peakMiB ?? null,
    };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  console.log(
    JSON.stringify({
      summary: true,
      proofs,
      liveMaxMs: Math.max(...results.map((r) => r.liveMaxMs)),
      peakRssMiB: results.at(-1).peakRssMiB,
      rssAfterMiB: results.at(-1).rssAfterMiB,
    }),
  );
}

await main();
