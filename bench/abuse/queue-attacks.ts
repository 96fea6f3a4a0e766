/**
 * The attacks of issue 38 on shared queues, response sizes and the remaining Lows: silent webhook
 * endpoints with replays, test-ping floods, a saved-asset list of the fattest items a client may
 * store, proofs at the print cost ceiling, sandbox orders at Highest, a body of many values and a
 * tiny lossless WebP of huge dimensions. Their rows show what the victim's background work (its
 * pings and print files, bench/abuse/probes.ts) suffers while they run.
 */
import http from 'node:http';
import sharp from 'sharp';
import { log } from '../lib/log';
import { acknowledgement } from '../orders-requests';
import type { Attack, AttackContext, AttackPlan } from './attacks';
import { Answer, call, LONG } from './http';
import { silentReceiver } from './receivers';
import { AbuseTarget, attackerImageElements, Party, smallPng, upload } from './target';

const json = { 'content-type': 'application/json' };

/** Statuses of a preparation's requests, e.g. `10 × 201, 2 × 429`. */
function tallyOf(answers: Answer[]): string {
  const by = new Map<number, number>();
  for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
  return [...by].map(([s, n]) => `${n} × ${s}`).join(', ');
}

const post = (target: AbuseTarget, who: Party, agent: http.Agent, path: string, body: unknown) =>
  target.as(who, agent, {
    method: 'POST',
    path,
    headers: json,
    body: JSON.stringify(body),
    keep: true,
    timeoutMs: LONG,
  });

/** The attacker's silent endpoints, made once (a client may have 10) and shared by Q1 and Q2. */
let silent: Promise<{ ids: string[]; note: string }> | undefined;

/** `count` webhook endpoints of the attacker on a receiver that never answers. */
function silentEndpoints(target: AbuseTarget, count: number) {
  silent ??= makeSilentEndpoints(target, count);
  return silent;
}

async function makeSilentEndpoints(target: AbuseTarget, count: number) {
  const receiver = await silentReceiver();
  const agent = new http.Agent();
  try {
    const created: Answer[] = [];
    for (let i = 0; i < count; i++)
      created.push(
        await post(target, target.attacker, agent, '/api/webhooks/endpoints', {
          url: `${receiver.url}/${i}`,
          description: `silent ${i}`,
        }),
      );
    const ids = created
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { data: { id: string } }).data.id);
    return { ids, note: `${count} silent endpoints: ${tallyOf(created)}` };
  } finally {
    agent.destroy();
  }
}

/** A design of `count` image elements of `mm` × `mm` on each location of the demo tee. */
async function ceilingDesigns(ctx: AttackContext, designs: number, count: number, mm: number) {
  const { target } = ctx;
  const agent = new http.Agent();
  try {
    const location = {
      elements: await attackerImageElements(target, agent, count, mm, '#e76f51'),
    };
    const answers: Answer[] = [];
    for (let i = 0; i < designs; i++)
      answers.push(
        await post(target, target.attacker, agent, '/api/recipesets', {
          productHandle: 'demo-tee',
          design: { front: location, back: location },
        }),
      );
    const ids = answers
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { data: { readableId: string } }).data.readableId);
    return {
      ids,
      note: `${designs} designs of ${count} × ${mm} mm per location: ${tallyOf(answers)}`,
    };
  } finally {
    agent.destroy();
  }
}

const plan = (
  loops: number,
  pauseMs: number,
  step: AttackPlan['step'],
  note?: string,
): AttackPlan => ({ loops, pauseMs, step, note });

export const QUEUE_ATTACKS: Attack[] = [
  {
    id: 'Q1',
    title: '10 webhook endpoints that never answer, replays of 200 events to each, 4 loops',
    prepare: async ({ target, small }) => {
      const { ids, note } = await silentEndpoints(target, small ? 2 : 10);
      // Events to replay: the attacker's own orders.
      const agent = new http.Agent();
      const since = new Date(Date.now() - 1000).toISOString();
      const orders = small ? 10 : 200;
      for (let i = 0; i < orders; i++)
        await post(
          target,
          target.attacker,
          agent,
          '/api/order/acknowledgement',
          acknowledgement(`Q1-${Date.now()}-${i}`, target.attacker.recipeSets[1], 1),
        );
      agent.destroy();
      if (ids.length === 0) throw new Error(`Q1: no endpoint was created (${note})`);
      return plan(
        4,
        250,
        (a, _loop, n) =>
          post(
            target,
            target.attacker,
            a,
            `/api/webhooks/endpoints/${ids[n % ids.length]}/replay`,
            {
              since,
            },
          ),
        `${note}; ${orders} orders to replay`,
      );
    },
  },
  {
    id: 'Q2',
    title: 'test pings to 10 webhook endpoints that never answer, 4 loops',
    prepare: async ({ target, small }) => {
      const { ids, note } = await silentEndpoints(target, small ? 2 : 10);
      if (ids.length === 0) throw new Error(`Q2: no endpoint was created (${note})`);
      return plan(
        4,
        0,
        (a, _loop, n) =>
          target.as(target.attacker, a, {
            method: 'POST',
            path: `/api/webhooks/endpoints/${ids[n % ids.length]}/test`,
          }),
        note,
      );
    },
  },
  {
    id: 'Q3',
    title: 'saved-asset list of 40 of the largest items a client may store, pageSize=500',
    prepare: async ({ target, small }) => {
      const org = 'ORG-Q3';
      const agent = new http.Agent();
      const items = small ? 4 : 40;
      const long = (c: string, n: number) => `https://provider.example.com/${c.repeat(n)}`;
      const job = {
        providerHandle: 'wilcom-digitizing',
        status: 'Completed',
        notes: 'n'.repeat(2000),
        specificationUri: long('s', 1900),
        dstUri: long('d', 1900),
        result: {
          outputs: Array.from({ length: 20 }, (_, i) => ({ uri: `${long('o', 1900)}.${i}.dst` })),
        },
      };
      const saved: Answer[] = [];
      const jobs: Answer[] = [];
      for (let i = 0; i < items; i++) {
        const up = await upload(target, target.attacker, agent, await smallPng(i + 1, 8));
        const uploadedAssetId = (JSON.parse(up.body || '{}') as { data?: { id: number } }).data?.id;
        const asset = await post(target, target.attacker, agent, '/api/assets/saved', {
          uploadedAssetId,
          organizationIdentifier: org,
          clientAccountReference: 'CUST-Q3',
        });
        saved.push(asset);
        if (asset.status !== 201) continue;
        const id = (JSON.parse(asset.body) as { data: { id: string } }).data.id;
        // Jobs until one is refused (the per-asset cap), at most 50.
        for (let j = 0; j < 50; j++) {
          const added = await post(
            target,
            target.attacker,
            agent,
            `/api/assets/saved/${id}/production-jobs`,
            job,
          );
          jobs.push(added);
          if (added.status !== 201) break;
        }
      }
      agent.destroy();
      const note = `${items} saved assets (${tallyOf(saved)}), jobs of 20 long outputs each: ${tallyOf(jobs)}`;
      log(`  Q3: ${note}`);
      const path = `/api/assets/saved/client/${target.attacker.handle}/organization/${org}?pageSize=500`;
      return plan(2, 0, (a) => target.as(target.attacker, a, { path, timeoutMs: LONG }), note);
    },
  },
  {
    id: 'Q4',
    title: 'proofs at the print cost ceiling (two 400 mm images per location), 3 loops',
    prepare: async (ctx) => {
      const designs = ctx.small ? 2 : 9;
      const { ids, note } = await ceilingDesigns(ctx, designs, 2, ctx.small ? 100 : 400);
      if (ids.length === 0) throw new Error(`Q4: no design was accepted (${note})`);
      // Each loop asks for the print files of the next design (new work every time).
      let next = 0;
      return plan(
        3,
        1000,
        (a) =>
          ctx.target.as(ctx.target.attacker, a, {
            path: `/api/webtoprint/${ids[next++ % ids.length]}?priority=Highest`,
            headers: { accept: 'text/plain' },
          }),
        note,
      );
    },
  },
  {
    id: 'Q5',
    title: 'sandbox orders at priority Highest (never produced), 3 loops',
    prepare: ({ target }) => {
      const { sandboxAttacker: sandbox } = target;
      let next = 0;
      return Promise.resolve(
        plan(3, 500, (a) => {
          const set = sandbox.recipeSets[next % sandbox.recipeSets.length];
          const order = {
            ...(acknowledgement(`Q5-${Date.now()}-${next++}`, set, 1) as object),
            priority: 4,
          };
          return post(target, sandbox, a, '/api/order/acknowledgement', order);
        }),
      );
    },
  },
  {
    id: 'Q6',
    title: 'a 2 MB JSON body of 999,000 values to check-credentials, no token',
    prepare: ({ target, small }) => {
      const values = small ? 99_000 : 999_000;
      const body = `{"email":"a@b.co","password":"x","pad":[${'0,'.repeat(values - 1)}0]}`;
      return Promise.resolve(
        plan(
          1,
          0,
          (agent) =>
            call(agent, target.app.baseUrl, {
              method: 'POST',
              path: '/api/user/check-credentials',
              headers: json,
              body,
              timeoutMs: LONG,
            }),
          `${values.toLocaleString('en-US')} values, ${(body.length / 2 ** 20).toFixed(1)} MiB`,
        ),
      );
    },
  },
  {
    id: 'Q7',
    title: 'uploads of a tiny lossless WebP of 16383 × 16383 px, 2 loops',
    prepare: async ({ target, small }) => {
      const px = small ? 4000 : 16383;
      const webp = await sharp({
        create: { width: px, height: px, channels: 3, background: '#ffffff' },
        limitInputPixels: false,
      })
        .webp({ lossless: true, effort: 0 })
        .toBuffer();
      const note = `${px} × ${px} lossless WebP of ${(webp.length / 1024).toFixed(1)} KiB`;
      return plan(
        2,
        0,
        (a) =>
          upload(
            target,
            target.attacker,
            a,
            webp,
            { organizationIdentifier: 'ORG-Q7' },
            {
              timeoutMs: LONG,
            },
          ),
        note,
      );
    },
  },
];
