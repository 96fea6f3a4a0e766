import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Command } from 'commander';
import {
  CLIENT_HANDLE_RULE,
  ClientDto,
  clientHandleProblem,
  ClientsService,
  normalizeClientHandle,
  parseTokenLifetime,
  Plan,
  TokenDto,
  TokensService,
  UpdateClientDto,
} from '../clients';
import { parseRole } from '../common/auth/role';
import { PlansService, SetPlanDto } from '../plans';
import { UsageError, withContext } from './context';
import { Column, out, printList } from './output';

interface SetPlanOptions {
  plan?: string;
  limit?: string;
  window?: string;
  monthly?: string;
  library?: string;
}

/** `client set-plan`'s options as the admin route's body, checked by the same rules. */
export function planInput(opts: SetPlanOptions): SetPlanDto {
  const whole = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d{1,10}$/.test(value.trim()))
      throw new UsageError(`--${name} must be a whole number, not ${JSON.stringify(value)}.`);
    return Number(value);
  };
  const input = plainToInstance(SetPlanDto, {
    plan: opts.plan,
    limit: whole('limit', opts.limit),
    windowSeconds: whole('window', opts.window),
    monthlyCap: whole('monthly', opts.monthly),
    libraryAssets: whole('library', opts.library),
  });
  const problems = validateSync(input).flatMap((e) => Object.values(e.constraints ?? {}));
  if (problems.length > 0) throw new UsageError(`${problems.join('; ')}.`);
  return input;
}

interface SettingsOptions {
  currency?: string;
  signInUrl?: string | false;
  storefrontUrl?: string | false;
  skuPolicy?: string;
}

/** `client settings`' options as the admin route's body, checked by the same rules. */
export function settingsInput(opts: SettingsOptions): UpdateClientDto {
  const url = (value: string | false | undefined) => (value === false ? null : value);
  const input = plainToInstance(UpdateClientDto, {
    currency: opts.currency,
    signInUrl: url(opts.signInUrl),
    storefrontUrl: url(opts.storefrontUrl),
    skuPolicy: opts.skuPolicy,
  });
  const problems = validateSync(input).flatMap((e) =>
    Object.values(e.constraints ?? {}).map((p) => p.replace(e.property, `--${kebab(e.property)}`)),
  );
  if (problems.length > 0) throw new UsageError(`${problems.join('; ')}.`);
  return input;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const CLIENT_COLUMNS: Column<ClientDto>[] = [
  { header: 'HANDLE', value: (c) => c.handle },
  { header: 'NAME', value: (c) => c.name, maxWidth: 40 },
  { header: 'PLAN', value: (c) => c.plan },
  { header: 'SANDBOX', value: (c) => (c.sandbox ? 'yes' : 'no') },
  { header: 'CREATED', value: (c) => c.createdAt },
];

/** Id, prefix and dates of each token: never its secret (which is not stored) nor its hash. */
export const TOKEN_COLUMNS: Column<TokenDto>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'PREFIX', value: (t) => t.prefix },
  { header: 'LABEL', value: (t) => t.label, maxWidth: 30 },
  { header: 'ROLE', value: (t) => t.role },
  { header: 'CREATED', value: (t) => t.createdAt },
  { header: 'EXPIRES', value: (t) => t.expiresAt },
  { header: 'LAST USED', value: (t) => t.lastUsedAt },
  { header: 'REVOKED', value: (t) => t.revokedAt },
];

/** `client create|list|set-sharing|settings|set-plan`. */
export function addClientCommands(program: Command): void {
  const client = program.command('client').description('client accounts');
  client
    .command('create <handle>')
    .description('create a client account; prints it as JSON')
    .requiredOption('--name <name>', 'display name')
    .option('--plan <plan>', `plan: ${Object.values(Plan).join(' | ')}`, Plan.Standard)
    .option(
      '--sandbox',
      'a sandbox client: tokens pci_test_…, nothing reaches a factory, messages held (docs/api/sandbox.md)',
    )
    .action(async (given: string, opts: { name: string; plan: string; sandbox?: boolean }) => {
      const handle = normalizeClientHandle(given);
      if (clientHandleProblem(handle))
        throw new UsageError(
          `Invalid client handle ${JSON.stringify(given)}: it must be ${CLIENT_HANDLE_RULE}.`,
        );
      const plan = Object.values(Plan).find((p) => p.toString() === opts.plan.toLowerCase());
      if (!plan)
        throw new UsageError(
          `Unknown plan ${opts.plan}; use one of ${Object.values(Plan).join(', ')}.`,
        );
      out(
        await withContext((ctx) =>
          ctx
            .get(ClientsService)
            .create({ handle, name: opts.name, plan, sandbox: opts.sandbox === true }),
        ),
      );
    });
  client
    .command('list')
    .description('every client account: handle, name, plan, created')
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (opts: { json?: boolean }) =>
      printList(await withContext((ctx) => ctx.get(ClientsService).list()), CLIENT_COLUMNS, opts),
    );
  client
    .command('set-sharing <clientHandle> <onOrOff>')
    .description("switch sharing of the client's designs on or off")
    .action(async (clientHandle: string, onOrOff: string) => {
      const word = onOrOff.trim().toLowerCase();
      const enabled = word === 'on' ? true : word === 'off' ? false : undefined;
      if (enabled === undefined)
        throw new UsageError(`Say on or off, not ${JSON.stringify(onOrOff)}.`);
      out(await withContext((ctx) => ctx.get(ClientsService).setSharing(clientHandle, enabled)));
    });
  client
    .command('settings <clientHandle>')
    .description(
      "show the client's settings, or change those given (currency, sign-in and storefront URLs, SKU policy); prints them as JSON",
    )
    .option('--currency <code>', "the currency of the catalog's prices (ISO 4217, e.g. EUR)")
    .option('--sign-in-url <url>', "where users sign in (https): the invitation's success page")
    .option('--no-sign-in-url', 'remove the sign-in URL')
    .option(
      '--storefront-url <url>',
      "the share page's call to action (https; may hold {readableId} and {productHandle})",
    )
    .option('--no-storefront-url', 'remove the storefront URL')
    .option(
      '--sku-policy <policy>',
      'how acknowledgements check SKUs against the product: strict (refuse), warn (accept with a warning) or off',
    )
    .action(async (clientHandle: string, opts: SettingsOptions) => {
      const input = settingsInput(opts);
      out(await withContext((ctx) => ctx.get(ClientsService).updateSettings(clientHandle, input)));
    });
  client
    .command('set-plan <clientHandle>')
    .description(
      "set the client's plan: a seeded one (--plan) or limits of its own (--limit and --window)",
    )
    .option('--plan <plan>', `a seeded plan: ${Object.values(Plan).join(' | ')}`)
    .option('--limit <n>', 'requests per window on the rate-limited routes')
    .option('--window <seconds>', 'the window, in seconds')
    .option('--monthly <n>', 'requests per calendar month (default: no monthly cap)')
    .option('--library <n>', 'uploaded assets, and active saved assets, the library may hold')
    .action(async (clientHandle: string, opts: SetPlanOptions) => {
      const input = planInput(opts);
      out(await withContext((ctx) => ctx.get(PlansService).set(clientHandle, input)));
    });
}

interface TokenCreateOptions {
  role: string;
  label?: string;
  expiresIn?: string;
}

/** `token create|list|revoke`. */
export function addTokenCommands(program: Command): void {
  const token = program.command('token').description('API tokens');
  token
    .command('create <clientHandle>')
    .description('issue a token: its details as JSON, then the token alone on the last line')
    .requiredOption('--role <role>', 'User | Admin | ServiceAdmin')
    .option('--label <text>', 'what the token is for')
    .option('--expires-in <duration>', 'lifetime, e.g. 90s, 15m, 12h or 7d (default: no expiry)')
    .action(async (clientHandle: string, opts: TokenCreateOptions) => {
      const role = parseRole(opts.role);
      if (!role)
        throw new UsageError(`Unknown role ${opts.role}; use User, Admin or ServiceAdmin.`);
      const lifetime =
        opts.expiresIn === undefined ? undefined : parseTokenLifetime(opts.expiresIn);
      if (lifetime && 'problem' in lifetime)
        throw new UsageError(`--expires-in: ${lifetime.problem}.`);
      const issued = await withContext((ctx) =>
        ctx.get(TokensService).issue(clientHandle, { role, label: opts.label }, lifetime?.ms),
      );
      const { token: secret, ...meta } = issued;
      out(meta);
      out(secret); // the token alone on the last line, for scripts
    });
  token
    .command('list <clientHandle>')
    .description("the client's tokens, revoked ones too (never their secrets)")
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (clientHandle: string, opts: { json?: boolean }) =>
      printList(
        await withContext((ctx) => ctx.get(TokensService).list(clientHandle)),
        TOKEN_COLUMNS,
        opts,
      ),
    );
  token
    .command('revoke <idOrPrefix>')
    .description('revoke a token by its id or its prefix; prints it as JSON')
    .action(async (idOrPrefix: string) =>
      out(await withContext((ctx) => ctx.get(TokensService).revoke(idOrPrefix))),
    );
}
