/**
 * What the abuse suite attacks: the built app as deployed (docs/operations.md) on its embedded
 * database or a throw-away PostgreSQL database, an attacking client, a sandbox client of the same
 * attacker, and a victim client, each with an Admin token and designed demo recipe sets made by
 * the CLI; the victim's render stored, one order acknowledged and a webhook endpoint on the
 * benchmark's receiver, so that its probes measure ordinary work.
 */
import http from 'node:http';
import sharp from 'sharp';
import { createClientWithToken, runCli } from '../lib/app-cli';
import { App, startBenchApp, startBenchWorker } from '../lib/app-process';
import { AppBuild } from '../lib/build';
import { createBenchDatabase } from '../lib/database';
import { log } from '../lib/log';
import { acknowledgement } from '../orders-requests';
import { renderPath } from '../render-target';
import { Answer, call, Call, multipart } from './http';
import { PingReceiver } from './receivers';

export const ATTACKER = 'abuse-attacker';
export const SANDBOX_ATTACKER = 'abuse-attacker-test';
export const VICTIM = 'abuse-victim';
/** Worker processes beside the API on PostgreSQL: compose.yaml's replicas. */
export const WORKER_PROCESSES = 2;
/** The attacker's recipe sets: one rendered and transformed, one to bend signed URLs to, ten proofs. */
const ATTACKER_SETS = 12;
/** The sandbox attacker's recipe sets: orders at Highest that never reach a factory. */
const SANDBOX_SETS = 10;
/**
 * The victim's recipe sets: one for its renders and orders, the others each ordered once by the
 * print probe (new print files every time).
 */
const VICTIM_SETS = 80;

export interface Party {
  handle: string;
  token: string;
  /** Designed demo tees (readable ids). */
  recipeSets: string[];
}

export interface AbuseTarget {
  /** The API process (on PostgreSQL with WORKERS=false; embedded, the only process). */
  app: App;
  /** On PostgreSQL, the workers-only processes (worker.js) that run the jobs, as deployed. */
  workers: App[];
  /** embedded or "PostgreSQL <version>". */
  database: string;
  attacker: Party;
  /** A sandbox client of the attacker's (tokens pci_test_…). */
  sandboxAttacker: Party;
  victim: Party;
  /** The victim's acknowledged order (its number). */
  victimOrder: string;
  /** The victim's webhook endpoint (id) on `victimReceiver`. */
  victimEndpoint: string;
  victimReceiver: PingReceiver;
  /** Requests as `party` (its token), on `agent`. */
  as(party: Party, agent: http.Agent, spec: Call): Promise<Answer>;
}

/** A PNG of `size` px, one colour per `seed`: small and distinct. */
export const smallPng = (seed: number, size = 24): Promise<Buffer> =>
  sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: seed % 256, g: (seed >> 8) % 256, b: (seed >> 16) % 256 },
    },
  })
    .png()
    .toBuffer();

/** POST /api/assets/uploaded of `file` (multipart) as `party`. */
export function upload(
  target: AbuseTarget,
  party: Party,
  agent: http.Agent,
  file: Buffer,
  fields: Record<string, string> = {},
  extra: Partial<Call> = {},
): Promise<Answer> {
  const { body, contentType } = multipart(file, 'art.png', fields);
  return target.as(party, agent, {
    method: 'POST',
    path: '/api/assets/uploaded',
    headers: { 'content-type': contentType, accept: 'application/json' },
    body,
    keep: true,
    ...extra,
  });
}

/**
 * `count` image elements of `mm` × `mm` (a design location's `elements`), all of one 1000-px PNG of
 * `colour` that the attacker uploads first.
 */
export async function attackerImageElements(
  target: AbuseTarget,
  agent: http.Agent,
  count: number,
  mm: number,
  colour: string,
): Promise<Record<string, unknown>[]> {
  const png = await sharp({
    create: { width: 1000, height: 1000, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  const uploaded = await upload(target, target.attacker, agent, png);
  const id = (JSON.parse(uploaded.body || '{}') as { data?: { id: number } }).data?.id;
  const element = { type: 'image', uploadedAssetId: id, x: 0, y: 0, width: mm, height: mm };
  return Array.from({ length: count }, () => element);
}

/** POST /api/order/acknowledgement of one line item on `recipeSet`. */
export function acknowledge(
  target: AbuseTarget,
  party: Party,
  agent: http.Agent,
  orderNumber: string,
  recipeSet: string,
  extra: Partial<Call> = {},
): Promise<Answer> {
  return target.as(party, agent, {
    method: 'POST',
    path: '/api/order/acknowledgement',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(acknowledgement(orderNumber, recipeSet, 1)),
    ...extra,
  });
}

export function expectStatus(what: string, answer: Answer, ...ok: number[]): Answer {
  if (!ok.includes(answer.status))
    throw new Error(`${what}: ${answer.status} ${answer.error ?? answer.body.slice(0, 300)}`);
  return answer;
}

/**
 * Starts the app (embedded when `adminUrl` is undefined), the two clients and their data. The
 * CLI runs with the app's environment (attached to its embedded database).
 */
export async function prepareAbuseTarget(
  build: AppBuild,
  adminUrl: string | undefined,
  redisUrl: string | undefined,
  runId: string,
): Promise<AbuseTarget> {
  let dbUrl: string | undefined;
  let database = 'embedded (PGlite in the API process)';
  if (adminUrl) {
    const db = await createBenchDatabase(adminUrl, runId);
    dbUrl = db.dbUrl;
    database = `PostgreSQL ${db.pgVersion}`;
  }
  // As deployed (docs/operations.md, compose.yaml): on PostgreSQL, an API process with
  // WORKERS=false and two worker processes for the jobs; embedded (one process by nature), the
  // API runs the jobs.
  const { app, env } = await startBenchApp(build, dbUrl, redisUrl, [], {
    WORKERS: dbUrl ? 'false' : 'true',
    // The webhook receivers are the benchmark's, on 127.0.0.1 and a free port.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOWED_PORTS: 'any',
  });
  const workers = dbUrl
    ? await Promise.all(
        Array.from({ length: WORKER_PROCESSES }, () =>
          startBenchWorker(build, { ...env, WORKERS: 'true' }),
        ),
      )
    : [];
  const party = async (handle: string, sets: number, sandbox = false): Promise<Party> => {
    const { token } = await createClientWithToken(env, handle, build, 'Admin', { sandbox });
    // Both on the largest seeded plan: the victim's probes (an upload every 100 ms) stay within
    // its upload and render policies, and the attacker's floods meet fair sharing, not only its
    // plan's rate limit.
    await runCli(['client', 'set-plan', handle, '--plan', 'enterprise'], env, build);
    const created = JSON.parse(
      await runCli(['recipe-set', 'create', handle, '--count', String(sets)], env, build),
    ) as { readableId: string }[];
    return { handle, token, recipeSets: created.map((r) => r.readableId) };
  };
  const attacker = await party(ATTACKER, ATTACKER_SETS);
  const sandboxAttacker = await party(SANDBOX_ATTACKER, SANDBOX_SETS, true);
  const victim = await party(VICTIM, VICTIM_SETS);
  const victimReceiver = await PingReceiver.start();
  const target: AbuseTarget = {
    app,
    workers,
    database,
    attacker,
    sandboxAttacker,
    victim,
    victimOrder: `VICTIM-${runId}`,
    victimEndpoint: '',
    victimReceiver,
    as: (who, agent, spec) =>
      call(agent, app.baseUrl, {
        ...spec,
        headers: { accept: 'application/json', ...spec.headers, SERVICE_API_TOKEN: who.token },
      }),
  };
  const agent = new http.Agent({ keepAlive: false });
  try {
    // The victim's base render stored and its small render made once, an order taken.
    const [set] = victim.recipeSets;
    expectStatus(
      'victim render',
      await target.as(victim, agent, { path: renderPath(set, 'north'), timeoutMs: 120_000 }),
      302,
    );
    expectStatus(
      'victim small render',
      await target.as(victim, agent, {
        path: renderPath(set, 'north', 'width=100&format=jpeg'),
        timeoutMs: 120_000,
      }),
      200,
    );
    expectStatus(
      'victim order',
      await acknowledge(target, victim, agent, target.victimOrder, set),
      200,
      201,
    );
    const endpoint = expectStatus(
      'victim webhook endpoint',
      await target.as(victim, agent, {
        method: 'POST',
        path: '/api/webhooks/endpoints',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: victimReceiver.url, description: 'victim' }),
        keep: true,
      }),
      201,
    );
    target.victimEndpoint = (JSON.parse(endpoint.body) as { data: { id: string } }).data.id;
    // The attacker's first recipe set rendered once, as a storefront would have.
    expectStatus(
      'attacker render',
      await target.as(attacker, agent, {
        path: renderPath(attacker.recipeSets[0], 'north'),
        timeoutMs: 120_000,
      }),
      302,
    );
  } finally {
    agent.destroy();
  }
  log(
    `clients ${ATTACKER} (${attacker.recipeSets.length} recipe sets) and ${VICTIM} ` +
      `(order ${target.victimOrder}) ready on ${database}`,
  );
  return target;
}
