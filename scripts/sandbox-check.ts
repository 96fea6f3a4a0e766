/**
 * Certifies a partner's webhook receiver against a sandbox client:
 *   PCI_TOKEN=<pci_test_…> npm run sandbox:check -- --base-url <url> [--timeout <seconds>]
 * The token comes from PCI_TOKEN (or `--token`, which `npm run` echoes with the command line and
 * `ps` shows to every user of the machine); the check shows only its displayed prefix.
 * Walks the sandbox client through every event type with the public API (scripts/lib/
 * sandbox-walk.ts), then waits until each event has an outcome at each enabled webhook endpoint of
 * the client and prints them in the order they were recorded, with a verdict.
 * Exit status: 0 every event type was answered 2xx; 1 some were not (or never arrived in time);
 * 2 a usage or setup error (not a sandbox token or client, no enabled endpoint, an API error).
 */
import { ApiError, Endpoint, Fetch, SandboxApi } from './lib/sandbox-api';
import {
  collectOutcomes,
  EventTrail,
  formatTable,
  newTrace,
  notAnswered,
  ReportRow,
  verdict,
} from './lib/sandbox-report';
import { SetupError, walk } from './lib/sandbox-walk';

export const SANDBOX_TOKEN_PREFIX = 'pci_test_';
/** The environment variable the token is read from when `--token` is not given. */
export const TOKEN_VARIABLE = 'PCI_TOKEN';
const DEFAULT_TIMEOUT_MS = 120_000;

export interface SandboxCheckOptions {
  baseUrl: string;
  token: string;
  fetch?: Fetch;
  /** Where each line goes (default: standard output). */
  out?: (line: string) => void;
  /** How long to wait for the print files, and then for the deliveries (default 120 s). */
  timeoutMs?: number;
  /** How often to poll the event and delivery logs (default 1 s). */
  pollMs?: number;
}

export interface SandboxCheckResult {
  exitCode: 0 | 1 | 2;
  rows: ReportRow[];
  /** The event types not answered 2xx by every endpoint taking them. */
  notAnswered: string[];
}

/** The first characters of a token, to recognise it (at most 12, never the secret part). */
export function tokenHint(token: string): string {
  return `${token.slice(0, Math.min(12, Math.floor(token.length / 3)))}…`;
}

/** How to add an endpoint, for a client that has none enabled. */
function curlHint(baseUrl: string): string[] {
  return [
    'Add your receiving endpoint first (PCI_TOKEN holding your pci_test_ token), e.g.:',
    `  curl -X POST ${baseUrl}/api/webhooks/endpoints \\`,
    '    -H "SERVICE_API_TOKEN: $PCI_TOKEN" -H "Content-Type: application/json" \\',
    '    -d \'{"url": "https://your-host.example.com/webhooks"}\'',
    'Keep the `secret` it answers, to verify the signatures; then run this check again.',
  ];
}

const describeEndpoint = (e: Endpoint, i: number) =>
  `endpoint #${i + 1}: ${e.url} (${e.eventTypes === null ? 'all event types' : `${e.eventTypes.length} event types: ${e.eventTypes.join(', ')}`})`;

/** Checks the token, the client and its endpoints: the enabled endpoints, else SetupError. */
async function prepare(api: SandboxApi, token: string, out: (line: string) => void) {
  if (!token.startsWith(SANDBOX_TOKEN_PREFIX))
    throw new SetupError([
      `The token ${tokenHint(token)} is not a sandbox token (those start with ${SANDBOX_TOKEN_PREFIX}): the check runs only against sandbox clients.`,
    ]);
  const client = await api.currentClient();
  if (client.sandbox !== true)
    throw new SetupError([
      `Client ${client.handle} is not a sandbox client (GET /api/clients/current answers "sandbox": ${String(client.sandbox)}).`,
    ]);
  if (client.role !== 'Admin' && client.role !== 'ServiceAdmin')
    throw new SetupError([
      `The token is a ${client.role} token: the check needs an Admin token of the sandbox client (webhooks and invitations).`,
    ]);
  out(`sandbox client ${client.handle} (${client.name}), token ${tokenHint(token)}`);
  const endpoints = (await api.endpoints()).filter((e) => e.status === 'enabled');
  if (endpoints.length === 0)
    throw new SetupError([
      `Client ${client.handle} has no enabled webhook endpoint to check.`,
      ...curlHint(api.baseUrl),
    ]);
  endpoints.forEach((e, i) => out(describeEndpoint(e, i)));
  return { client, endpoints };
}

/** Runs the whole check, printing as it goes: its exit status, rows and failing event types. */
export async function runSandboxCheck(options: SandboxCheckOptions): Promise<SandboxCheckResult> {
  const out = options.out ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 1000;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = new SandboxApi(baseUrl, options.token, options.fetch ?? fetch);
  try {
    const { client, endpoints } = await prepare(api, options.token, out);
    const trail = new EventTrail(api);
    await trail.start();
    const trace = newTrace();
    const step = (line: string) => out(`- ${line}`);
    await walk({
      api,
      trail,
      trace,
      client,
      endpoints,
      step,
      timeoutMs,
      pollMs,
      stamp: String(Date.now()),
    });
    step(`waiting up to ${timeoutMs / 1000} s for every event's outcome at every endpoint…`);
    const { rows, timedOut } = await collectOutcomes(api, trail, trace, endpoints, {
      timeoutMs,
      pollMs,
    });
    step(timedOut ? 'timed out: what had not arrived is NOT DELIVERED' : 'every outcome is in');
    out('');
    formatTable(rows, endpoints.length > 1).forEach((line) => out(line));
    out('');
    out(verdict(rows));
    const bad = notAnswered(rows);
    return { exitCode: bad.length === 0 ? 0 : 1, rows, notAnswered: bad };
  } catch (err) {
    if (err instanceof SetupError) err.lines.forEach((line) => out(line));
    else if (err instanceof ApiError && err.status === 0) out(err.message);
    else if (err instanceof ApiError) {
      out(`${err.method} ${err.path} answered ${err.status}:`);
      out(err.text);
    } else throw err;
    return { exitCode: 2, rows: [], notAnswered: [] };
  }
}

export const USAGE = [
  `usage: ${TOKEN_VARIABLE}=<pci_test_…> npm run sandbox:check -- --base-url <url> [--timeout <seconds>]`,
  '',
  "Walks a sandbox client's webhook endpoints through every event type and reports which were",
  'answered 2xx, in the order the events were recorded.',
  '  --base-url <url>     the API, e.g. https://api.example.com',
  `  ${TOKEN_VARIABLE}            (environment) an Admin token of the sandbox client (pci_test_…)`,
  `  --token <token>      the same on the command line (npm run and ps show it: prefer ${TOKEN_VARIABLE})`,
  '  --timeout <seconds>  how long to wait for the print files and for the deliveries (120)',
  'Exit status: 0 all answered 2xx; 1 some not (or not in time); 2 usage or setup error.',
].join('\n');

export type ParsedArgs =
  | { help: true }
  | { error: string }
  | { baseUrl: string; token: string; timeoutMs: number; tokenOnCommandLine: boolean };

/**
 * The command line (`--name value` or `--name=value`), and the token from `--token` or else
 * PCI_TOKEN in `env`. No message repeats a token.
 */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = {}): ParsedArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const [name, inline] = arg.split(/=(.*)/s, 2);
    if (!['--base-url', '--token', '--timeout'].includes(name))
      return { error: `unknown argument: ${name.startsWith('--') ? name : '(a value)'}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    values.set(name, value);
  }
  const baseUrl = values.get('--base-url');
  const token = values.get('--token') ?? (env[TOKEN_VARIABLE] || undefined);
  if (!baseUrl) return { error: '--base-url is required' };
  if (!token) return { error: `a token is required: set ${TOKEN_VARIABLE} (or pass --token)` };
  if (!/^https?:\/\/[^/]/.test(baseUrl) || !URL.canParse(baseUrl))
    return {
      error: baseUrl.startsWith('pci_')
        ? '--base-url must be an http(s) URL (the value given looks like a token: not shown)'
        : `--base-url must be an http(s) URL: ${baseUrl}`,
    };
  const seconds = Number(values.get('--timeout') ?? DEFAULT_TIMEOUT_MS / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0)
    return { error: '--timeout must be a positive number of seconds' };
  return { baseUrl, token, timeoutMs: seconds * 1000, tokenOnCommandLine: values.has('--token') };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), process.env);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  if (args.tokenOnCommandLine)
    console.error(
      `note: a token given with --token is shown by \`npm run\` (it prints the command line) and by ps; set ${TOKEN_VARIABLE} instead.`,
    );
  return (await runSandboxCheck(args)).exitCode;
}

if (require.main === module)
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(2);
    },
  );
