/**
 * Every operation of the served OpenAPI document, sent as Swagger UI's "Try it out" → "Execute"
 * sends it without edits (npm run swagger:examples): the example of every path, query and header
 * parameter and of the body, with the demo Admin token (a ServiceAdmin token for the Admin
 * routes), against a fresh `npm start` (or API_URL with TOKEN and OPS_TOKEN). Operations run in
 * the order a person tries them (see `order`); each answer's status must be one the operation
 * gives for its example: a 2xx or 3xx it documents, or one listed in its `x-example-outcome`
 * (e.g. the 403 of a sandbox helper called with a live token). Prints one line per operation;
 * exit 1 when any answered otherwise or cannot be sent as shown (a parameter or a body without
 * an example). `--twice` sends them all a second time on the same server, as a person who tries
 * them again does: what a first pass removed answers as its example documents for a second time.
 *   node dist/scripts/swagger-examples.js [--twice] [--only operationId,...]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFreshServer } from './lib/fresh-server';
import { exampleOutcomes, sendable, type Operation, type Sendable } from './lib/swagger-requests';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
const FILE = Symbol('file');
const PNG = readFileSync(join(__dirname, '..', '..', 'docs', 'examples', 'logo.png'));

/**
 * The order a person tries the operations in: as the document lists them, with what removes or
 * revokes last (it would take away what later examples name) and the sandbox helpers after the
 * orders they move.
 */
function order(operations: Operation[]): Operation[] {
  const rank = (o: Operation): number =>
    o.method === 'delete' || /^(revoke|deactivate|unblock)/.test(o.operationId) ? 2 : 0;
  return operations
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i)
    .map(({ o }) => o);
}

async function send(base: string, request: Sendable, token: string | undefined) {
  const headers = new Headers(request.headers);
  if (token) headers.set('SERVICE_API_TOKEN', token);
  let body: RequestInit['body'];
  if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  } else if (request.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.form)) {
      if (value === FILE) form.append(name, new Blob([PNG], { type: 'image/png' }), 'logo.png');
      else form.append(name, String(value));
    }
    body = form;
  }
  const started = Date.now();
  const response = await fetch(base + request.url, {
    method: request.method.toUpperCase(),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, text, ms: Date.now() - started };
}

/** One pass over the document as it is served now (a new purchase order number); the failures. */
async function pass(
  base: string,
  tokens: { token: string; opsToken: string },
  only: Set<string> | undefined,
): Promise<number> {
  const document = (await (await fetch(`${base}/docs-json`)).json()) as {
    paths: Record<string, Record<string, Omit<Operation, 'path' | 'method'> | undefined>>;
    security?: unknown[];
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operations.push({ path, method, ...operation });
    }
  let failed = 0;
  for (const operation of order(operations)) {
    if (only && !only.has(operation.operationId)) continue;
    const request = sendable(document, operation, FILE);
    if (typeof request === 'string') {
      failed++;
      console.log(`FAIL ${operation.operationId}: cannot be sent as shown: ${request}`);
      continue;
    }
    const secured = (operation.security ?? document.security ?? []).length > 0;
    const admin = operation.tags?.includes('Admin') || operation.operationId === 'getMetrics';
    const token = !secured ? undefined : admin ? tokens.opsToken : tokens.token;
    const answer = await send(base, request, token);
    const expected = exampleOutcomes(operation);
    const ok = expected.includes(answer.status);
    if (!ok) failed++;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${answer.status} ${operation.operationId} ${request.method.toUpperCase()} ${request.url} (${answer.ms} ms)` +
        (ok ? '' : `\n     expected ${expected.join(' or ')}: ${answer.text.slice(0, 300)}`),
    );
  }
  return failed;
}

async function main(): Promise<number> {
  const only = process.argv.includes('--only')
    ? new Set(process.argv[process.argv.indexOf('--only') + 1].split(','))
    : undefined;
  const passes = process.argv.includes('--twice') ? 2 : 1;
  const given = process.env.API_URL && process.env.TOKEN && process.env.OPS_TOKEN;
  const server = given ? undefined : await startFreshServer();
  try {
    const base = server?.url ?? process.env.API_URL!;
    const token = server?.token('demo', 'Admin') ?? process.env.TOKEN!;
    let opsToken = process.env.OPS_TOKEN!;
    if (server) {
      server.cli('client', 'create', 'ops', '--name', 'Operations');
      opsToken = server.token('ops', 'ServiceAdmin');
    }
    let failed = 0;
    for (let n = 1; n <= passes; n++) {
      if (passes > 1) console.log(`pass ${n} of ${passes}`);
      failed += await pass(base, { token, opsToken }, only);
    }
    console.log(
      failed
        ? `swagger examples: ${failed} operation(s) did not answer as their example documents`
        : 'swagger examples: every operation answered as its example documents',
    );
    return failed ? 1 : 0;
  } finally {
    server?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
