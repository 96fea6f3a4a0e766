import { readFileSync } from 'node:fs';
import { parseArgs, ParseArgsConfig } from 'node:util';
import { EVENT_TYPES } from '../../common/events/event-recorder';
import { CliIo, processIo } from '../io';
import { ApiFailure, PartnerApi } from './api';
import { listen, openState } from './listen';
import { configDir } from './listen-state';
import { TRIGGERABLE, trigger } from './trigger';

/**
 * The partner commands (`pci listen`, `pci trigger`): they need only the API's URL and a token,
 * never the server's configuration, database or modules (src/cli.ts loads them alone, and the
 * API serves them as one file, `/downloads/pci.cjs`). Exit codes as the operator commands: 0, 1
 * when the API refused or failed, 2 for a usage error.
 */
export const PARTNER_COMMANDS = ['listen', 'trigger'] as const;

const DEFAULT_API_URL = 'http://localhost:3000';
const CURSOR = /^[A-Za-z0-9_-]{1,100}$/;

const HELP: Record<string, string> = {
  listen: `Usage: pci listen --forward-to <url> [options]

Follows the event log of the token's client (GET /api/events) and POSTs each event, signed per
Standard Webhooks with a local secret, to <url>: a webhook receiver on your machine, no public URL.

Options:
  --forward-to <url>      the receiver (http or https)
  --api-url <url>         the API (default: $PCI_API_URL, else ${DEFAULT_API_URL})
  --events <type,...>     forward only these event types
  --from <where>          now | start | a cursor (default: where the last run stopped, else now)
  --token-file <path>     read the token from this file (default: $PCI_TOKEN)
  --print-secret          print the signing secret (whsec_…) and exit
  -h, --help              show this help

The token (an Admin token of the client) comes from $PCI_TOKEN or --token-file, never the
command line. Event types: ${EVENT_TYPES.join(', ')}.
`,
  trigger: `Usage: pci trigger <event type> [options]

Causes an event for the token's sandbox client (pci_test_… tokens) through the public API and the
sandbox helpers, with the events of the steps before it.

Options:
  --api-url <url>         the API (default: $PCI_API_URL, else ${DEFAULT_API_URL})
  --token-file <path>     read the token from this file (default: $PCI_TOKEN)
  -h, --help              show this help

Event types: ${TRIGGERABLE.join(', ')}.
`,
};

class Usage extends Error {}

export function isPartnerCommand(name: string | undefined): boolean {
  return (PARTNER_COMMANDS as readonly string[]).includes(name ?? '');
}

/** An http(s) URL, or a usage error naming `option` and the value. */
function httpUrl(option: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Usage(`${option} must be an http or https URL, not ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Usage(`${option} must be an http or https URL, not ${JSON.stringify(value)}.`);
  if (url.username || url.password)
    throw new Usage(`${option} must not hold credentials (the token goes in PCI_TOKEN).`);
  return url.href;
}

/** The API's URL, without the trailing slash its paths are appended to. */
const apiUrlOf = (io: CliIo, given: string | undefined) =>
  httpUrl('--api-url', given ?? io.env.PCI_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '');

function tokenOf(io: CliIo, tokenFile: string | undefined): string {
  let token = io.env.PCI_TOKEN;
  if (tokenFile !== undefined) {
    try {
      token = readFileSync(tokenFile, 'utf8');
    } catch (err) {
      throw new Usage(
        `--token-file ${JSON.stringify(tokenFile)} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}.`,
      );
    }
  }
  token = token?.trim();
  if (!token)
    throw new Usage(
      tokenFile === undefined
        ? 'No token: set PCI_TOKEN to an API token of your client (or name a file holding it with --token-file).'
        : `--token-file ${JSON.stringify(tokenFile)} is empty.`,
    );
  if (/\s/.test(token)) throw new Usage('The token holds white space: give the token alone.');
  return token;
}

const COMMON = {
  'api-url': { type: 'string' },
  'token-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

function parse<O extends ParseArgsConfig['options']>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new Usage((err as Error).message);
  }
}

function listOfTypes(value: string): Set<string> {
  const types = value.split(',').map((t) => t.trim());
  for (const type of types)
    if (!(EVENT_TYPES as readonly string[]).includes(type))
      throw new Usage(
        `--events: unknown event type ${JSON.stringify(type)}; the types are ${EVENT_TYPES.join(', ')}.`,
      );
  return new Set(types);
}

async function runListen(args: string[], io: CliIo, stop: AbortSignal): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON,
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    from: { type: 'string' },
    'print-secret': { type: 'boolean' },
  });
  if (values.help) return (io.out(HELP.listen), 0);
  if (positionals.length > 0)
    throw new Usage(`pci listen takes no arguments, not ${JSON.stringify(positionals[0])}.`);
  const apiUrl = apiUrlOf(io, values['api-url']);
  const types = values.events === undefined ? undefined : listOfTypes(values.events);
  const from = values.from;
  if (from !== undefined && !['now', 'start'].includes(from) && !CURSOR.test(from))
    throw new Usage(
      `--from must be now, start or a cursor of the event log (ec_…), not ${JSON.stringify(from)}.`,
    );
  const printSecret = values['print-secret'] === true;
  if (values['forward-to'] === undefined && !printSecret)
    throw new Usage('pci listen needs --forward-to <url>: where your webhook receiver listens.');
  const forwardTo = httpUrl('--forward-to', values['forward-to'] ?? apiUrl);
  const api = new PartnerApi(apiUrl, tokenOf(io, values['token-file']));
  const dir = configDir(io.env);
  if (printSecret) {
    const { state } = await openState(api, dir);
    return (io.out(`${state.secret}\n`), 0);
  }
  return listen({ api, forwardTo, types, from, configDir: dir, io, stop });
}

async function runTrigger(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, COMMON);
  if (values.help) return (io.out(HELP.trigger), 0);
  const [type, ...extra] = positionals;
  if (type === undefined)
    throw new Usage(`pci trigger needs an event type: one of ${TRIGGERABLE.join(', ')}.`);
  if (extra.length > 0) throw new Usage(`pci trigger takes one event type, not also ${extra[0]}.`);
  if (!TRIGGERABLE.includes(type))
    throw new Usage(
      `${JSON.stringify(type)} cannot be triggered: pci trigger causes ${TRIGGERABLE.join(', ')}.`,
    );
  const apiUrl = apiUrlOf(io, values['api-url']);
  const api = new PartnerApi(apiUrl, tokenOf(io, values['token-file']));
  await trigger(api, type, (step) => io.out(`${step}\n`));
  io.out(`Triggered ${type}.\n`);
  return 0;
}

/**
 * Runs a partner command (`argv[0]` is `listen` or `trigger`); answers the exit code. `stop`
 * ends `listen` (SIGINT / SIGTERM in a process).
 */
export async function partnerMain(
  argv: string[],
  io: CliIo = processIo,
  stop: AbortSignal = new AbortController().signal,
): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === 'listen') return await runListen(args, io, stop);
    if (command === 'trigger') return await runTrigger(args, io);
    throw new Usage(`unknown command ${JSON.stringify(command)}: pci listen or pci trigger.`);
  } catch (err) {
    if (err instanceof Usage) {
      io.err(`${err.message}\n`);
      return 2;
    }
    io.err(`${err instanceof ApiFailure || err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
