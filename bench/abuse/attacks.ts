/**
 * The attacks of issue 24's table (H1–H6, M1–M4), each as the requests one attacker sends in
 * parallel loops. Inputs are made here (sharp images, a many-key body); `small` shrinks every
 * size for a smoke run. An attack whose preparation is refused (a design over a ceiling) keeps
 * sending that refused request, so its row shows the refusal.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { log } from '../lib/log';
import { renderPath } from '../render-target';
import { Answer, call, LONG } from './http';
import { QUEUE_ATTACKS } from './queue-attacks';
import { AbuseTarget, attackerImageElements, smallPng, upload } from './target';

export interface AttackContext {
  target: AbuseTarget;
  small: boolean;
  /** Uploads in the M3 library. */
  assets: number;
}

/** The requests of a running attack: `loops` loops of `step`, `pauseMs` apart. */
export interface AttackPlan {
  loops: number;
  pauseMs: number;
  step(agent: http.Agent, loop: number, n: number): Promise<Answer>;
  /** What the preparation did, for the notes. */
  note?: string;
}

export interface Attack {
  id: string;
  title: string;
  prepare(ctx: AttackContext): Promise<AttackPlan>;
}

/** The same request in every loop, again and again. */
const repeat = (
  loops: number,
  pauseMs: number,
  step: AttackPlan['step'],
  note?: string,
): AttackPlan => ({ loops, pauseMs, step, note });

const textPlain = { accept: 'text/plain' };

/** H6's side: 4096 (over the lossless WebP ceiling) for even requests, 2048 (at it) for odd ones. */
const side = (small: boolean, n: number): number => (small ? 512 : 2048) * (n % 2 === 0 ? 2 : 1);

/** A design of `count` image elements of `mm` × `mm` on the demo tee's front (POST /api/recipesets). */
async function bigDesign(ctx: AttackContext, count: number, mm: number) {
  const { target } = ctx;
  const agent = new http.Agent();
  try {
    const elements = await attackerImageElements(target, agent, count, mm, '#2a9d8f');
    const body = JSON.stringify({ productHandle: 'demo-tee', design: { front: { elements } } });
    const create = (a: http.Agent) =>
      target.as(target.attacker, a, {
        method: 'POST',
        path: '/api/recipesets',
        headers: { 'content-type': 'application/json' },
        body,
        keep: true,
      });
    return { created: await create(agent), create };
  } finally {
    agent.destroy();
  }
}

const ISSUE_24_ATTACKS: Attack[] = [
  {
    id: 'H1',
    title: 'many-key JSON body to check-credentials, no token',
    prepare: ({ target, small }) => {
      const keys = small ? 20_000 : 250_000;
      const pad = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
      const body = JSON.stringify({ email: 'a@b.co', password: 'x', pad });
      const note = `${keys.toLocaleString('en-US')} keys, ${(body.length / 2 ** 20).toFixed(1)} MiB`;
      return Promise.resolve(
        repeat(
          1,
          0,
          (agent) =>
            call(agent, target.app.baseUrl, {
              method: 'POST',
              path: '/api/user/check-credentials',
              headers: { 'content-type': 'application/json' },
              body,
              timeoutMs: LONG,
            }),
          note,
        ),
      );
    },
  },
  {
    id: 'H2',
    title: 'bent signed render URL (`\\` and `..` segments) to another recipe set, no token',
    prepare: async ({ target }) => {
      const { attacker } = target;
      const [signed, other] = attacker.recipeSets;
      // Signed: SIGNED/north?camera=Ortho. Sent: OTHER/north/camera/a\..\..\..\..\SIGNED\north
      // with the signed query: WHATWG normalisation gives back the signed path (the MAC holds);
      // Express routes OTHER, its camera segment overridden by the query's.
      const agent = new http.Agent();
      const sign = await target.as(attacker, agent, {
        method: 'POST',
        path: '/api/assets/generated/sign',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: renderPath(signed, 'north', 'camera=Ortho') }),
        keep: true,
      });
      agent.destroy();
      if (sign.status !== 200) {
        const note = `signing refused: ${sign.status} ${sign.body}`;
        return repeat(1, 500, () => Promise.resolve(sign), note);
      }
      const query = new URL((JSON.parse(sign.body) as { url: string }).url).search;
      const bent = `${renderPath(other, 'north')}/camera/a\\..\\..\\..\\..\\${signed}\\north${query}`;
      return repeat(1, 500, (a) => call(a, target.app.baseUrl, { path: bent, timeoutMs: LONG }));
    },
  },
  {
    id: 'H3',
    title: 'print files of a design with 20 image elements of 400 × 400 mm (a proof)',
    prepare: async (ctx) => {
      const [count, mm] = ctx.small ? [2, 100] : [20, 400];
      const { created, create } = await bigDesign(ctx, count, mm);
      const note = `${count} image elements of ${mm} mm: design ${created.status}`;
      if (created.status !== 201) return repeat(1, 1000, (a) => create(a), note);
      const id = (JSON.parse(created.body) as { data: { readableId: string } }).data.readableId;
      return repeat(
        1,
        1000,
        (a) =>
          ctx.target.as(ctx.target.attacker, a, {
            path: `/api/webtoprint/${id}`,
            headers: textPlain,
          }),
        note,
      );
    },
  },
  {
    id: 'H4',
    title: 'cold renders at 4096 px (useCache=false), 2 loops',
    prepare: ({ target, small }) => {
      const path = renderPath(
        target.attacker.recipeSets[0],
        'north',
        `width=${small ? 1024 : 4096}&useCache=false`,
      );
      return Promise.resolve(
        repeat(2, 0, (a) => target.as(target.attacker, a, { path, timeoutMs: LONG })),
      );
    },
  },
  {
    id: 'H5',
    title: 'specification PDF, 3 parallel loops',
    prepare: ({ target }) => {
      const { handle, recipeSets } = target.attacker;
      const path = `/${handle}/specification/${recipeSets[0]}/pdf/`;
      return Promise.resolve(
        repeat(3, 0, (a) =>
          target.as(target.attacker, a, {
            path,
            headers: { accept: 'application/pdf' },
            timeoutMs: LONG,
          }),
        ),
      );
    },
  },
  {
    id: 'H6',
    // The pad colour changes the pixels, so each request is new work (lossless WebP ignores
    // `quality`, which an earlier version varied: every request after the first was a lookup).
    // Every other request asks for 4096² (refused since lossless WebP stops at 2048²), the
    // others for the largest lossless WebP made.
    title:
      'lossless WebP transforms at 4096² (refused) and at 2048², a new pad colour each, 6 loops',
    prepare: ({ target, small }) => {
      const start = Math.floor(Math.random() * 0xffffff);
      return Promise.resolve(
        repeat(6, 0, (a, _l, n) =>
          target.as(target.attacker, a, {
            path: renderPath(
              target.attacker.recipeSets[0],
              'north',
              `width=${side(small, n)}&height=${side(small, n)}&mode=pad&format=webp&webp.lossless=true&bgcolor=${((start + n * 4099) % 0xffffff).toString(16).padStart(6, '0')}`,
            ),
            timeoutMs: LONG,
          }),
        ),
      );
    },
  },
  {
    id: 'M1',
    title: 'uploads of an 8000 × 8000 lossless WebP, 8 loops',
    prepare: async ({ target, small }) => {
      const px = small ? 1000 : 8000;
      const webp = await sharp({
        create: { width: px, height: px, channels: 3, background: '#000000' },
      })
        .webp({ lossless: true })
        .toBuffer();
      const note = `${px} × ${px} lossless WebP of ${(webp.length / 1024).toFixed(1)} KiB`;
      return repeat(
        8,
        0,
        (a) =>
          upload(
            target,
            target.attacker,
            a,
            webp,
            { organizationIdentifier: 'ORG-M1' },
            {
              timeoutMs: LONG,
            },
          ),
        note,
      );
    },
  },
  {
    id: 'M2',
    title: '24 MB PNG uploads, 10 loops',
    prepare: async ({ target, small }) => {
      // Noise does not compress: the PNG is about as large as its pixels.
      const side = small ? 600 : 2800;
      const png = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const note = `${side} × ${side} noise PNG of ${(png.length / 2 ** 20).toFixed(1)} MiB`;
      return repeat(
        small ? 2 : 10,
        0,
        (a) =>
          upload(
            target,
            target.attacker,
            a,
            png,
            { organizationIdentifier: 'ORG-M2' },
            {
              timeoutMs: LONG,
            },
          ),
        note,
      );
    },
  },
  {
    id: 'M3',
    title: 'the unpaged saved-asset list of a large library',
    prepare: async ({ target, assets }) => {
      const org = 'ORG-M3';
      let accepted = 0;
      let next = 0;
      const refused: Record<number, number> = {};
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          while (next < assets) {
            const i = next++;
            const a = await upload(target, target.attacker, agent, await smallPng(i + 1, 8), {
              organizationIdentifier: org,
            });
            if (a.status === 201) accepted++;
            else refused[a.status] = (refused[a.status] ?? 0) + 1;
          }
          agent.destroy();
        }),
      );
      const note =
        `library of ${accepted} uploads (${assets} sent in ${Math.round((Date.now() - started) / 1000)} s` +
        `${Object.keys(refused).length ? `, refused ${JSON.stringify(refused)}` : ''})`;
      log(`  M3: ${note}`);
      const path = `/api/assets/saved/client/${target.attacker.handle}/organization/${org}/include-uploaded-assets/true`;
      return repeat(1, 0, (a) => target.as(target.attacker, a, { path, timeoutMs: LONG }), note);
    },
  },
  {
    id: 'M4',
    title: 'proofs (print files of unordered recipe sets) at priority=Highest, 10 loops',
    prepare: ({ target }) => {
      const proofs = target.attacker.recipeSets.slice(2, 12);
      return Promise.resolve(
        repeat(proofs.length, 1000, (a, loop) =>
          target.as(target.attacker, a, {
            path: `/api/webtoprint/${proofs[loop]}?priority=Highest`,
            headers: textPlain,
          }),
        ),
      );
    },
  },
];

/** Every attack of the suite: issue 24's table, then issue 38's (bench/abuse/queue-attacks.ts). */
/**
 * No attack: the victim's probes alone, for as long as an attack runs. Its row is the floor the
 * others stand on: on a machine of two cores the probes (the print probe above all: one demo
 * tee's print files after another) and the benchmark's own process share the CPU with the app.
 */
const BASELINE: Attack = {
  id: 'B0',
  title: "none: the victim's probes alone",
  prepare: () =>
    Promise.resolve(repeat(0, 0, () => Promise.reject(new Error('B0 sends no attack request')))),
};

export const ATTACKS: Attack[] = [BASELINE, ...ISSUE_24_ATTACKS, ...QUEUE_ATTACKS];
