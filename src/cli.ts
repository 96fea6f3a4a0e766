// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
import 'reflect-metadata';
import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommanderError } from 'commander';
import { DataSource } from 'typeorm';
import pino from 'pino';
import { loadConfigOrExit } from './bootstrap-config';
import {
  CLIENT_HANDLE_RULE,
  clientHandleProblem,
  normalizeClientHandle,
} from './clients/client-handle';
import { ClientsModule } from './clients/clients.module';
import { ClientsService } from './clients/clients.service';
import { Plan } from './clients/entities/client-account.entity';
import { parseTokenLifetime } from './clients/token-lifetime';
import { TokensService } from './clients/tokens.service';
import { parseRole } from './common/auth/role';
import { ClockModule } from './common/clock/clock';
import { JobQueue } from './common/jobs/job-queue';
import { JobsModule } from './common/jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { isUuid } from './common/validation/uuid';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { StorageModule } from './common/storage/storage.module';
import { FieldCipher } from './common/crypto/field-cipher';
import { DomainError } from './common/errors/domain-error';
import { LoggingModule } from './common/logging/logging.module';
import { RedisModule } from './common/redis/redis.module';
import { CachingModule } from './common/caching/caching.module';
import { MessagesModule } from './common/messages/messages.module';
import { MessageOutbox } from './common/messages/message-outbox';
import { OUTBOX_STATUSES, OutboxStatus } from './common/messages/outbox-message.entity';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { PostgresConnection } from './database/connection';
import { DatabaseModule } from './database/database.module';
import { runMigrations } from './database/migrate';
import { openDatabase } from './database/open-database';
import { DemoModule } from './demo/demo.module';
import { PlansModule, PlansService, SetPlanDto } from './plans';
import { SchedulingModule } from './common/scheduling/work-pools';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DemoService } from './demo/demo.service';
import { CatalogService } from './catalog';
import { DEFAULT_DEMO_PRODUCT } from './demo/demo.service';
import { createCountProblem, MAX_RECIPE_SETS_PER_CREATE } from './recipesets';
import { WebhooksModule } from './webhooks';
import { addWebhookCommands } from './webhook-commands';

/** What the operator commands need: no HTTP, logs to stderr so stdout stays machine-readable. */
@Module({})
class CliModule {
  static forRoot(config: AppConfig, connection: PostgresConnection): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config, pino.destination(2)),
        // Migrations run explicitly by `migrate`, and before other commands when MIGRATIONS_RUN allows.
        DatabaseModule.forRoot({ connection, migrate: false }),
        // Revoking a token publishes it to the running instances (when REDIS_URL is set).
        RedisModule,
        CachingModule,
        ClockModule,
        StorageModule,
        // The feature modules' routes use it; the CLI builds them without the app.
        IdempotencyModule,
        ClientsModule,
        PlansModule,
        // The demo's uploads and renders go through the same work pools as the app's.
        SchedulingModule,
        DemoModule,
        // Lists and retries failed jobs; this process runs none (no background tasks).
        JobsModule,
        MetricsModule,
        // Lists the outbox; this process delivers nothing (it runs no job workers).
        MessagesModule,
        // Endpoints and delivery logs (`webhooks …`); deliveries are the workers' business.
        WebhooksModule,
      ],
    };
  }
}

class UsageError extends Error {}

interface SetPlanOptions {
  plan?: string;
  limit?: string;
  window?: string;
  monthly?: string;
  library?: string;
}

/** `client set-plan`'s options as the admin route's body, checked by the same rules. */
function planInput(opts: SetPlanOptions): SetPlanDto {
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

/** Opens the database (attaching to a running embedded server if there is one) and runs `fn`. */
async function withContext<T>(
  fn: (ctx: INestApplicationContext) => Promise<T>,
  migrate?: boolean,
): Promise<T> {
  // No background tasks: periodic purges, job workers and queue maintenance stay in the app.
  const config = loadConfigOrExit({ backgroundTasks: false });
  const database = await openDatabase(config, { attachIfRunning: true });
  let ctx: INestApplicationContext | undefined;
  try {
    ctx = await NestFactory.createApplicationContext(
      CliModule.forRoot(config, database.connection),
      {
        logger: ['error', 'warn'],
      },
    );
    if (migrate ?? config.runMigrations)
      await runMigrations(ctx.get(DataSource), ctx.get(FieldCipher));
    return await fn(ctx);
  } finally {
    await ctx?.close();
    await database.close();
  }
}

interface TokenCreateOptions {
  role: string;
  label?: string;
  expiresIn?: string;
}

function out(value: unknown): void {
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);
}

function buildProgram(): Command {
  const program = new Command('cli')
    .description('Operator commands for the Product Customizer Integration API')
    .exitOverride();

  const client = program.command('client').description('client accounts');
  client
    .command('create <handle>')
    .requiredOption('--name <name>', 'display name')
    .option('--plan <plan>', `plan: ${Object.values(Plan).join(' | ')}`, Plan.Standard)
    .action(async (given: string, opts: { name: string; plan: string }) => {
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
          ctx.get(ClientsService).create({ handle, name: opts.name, plan }),
        ),
      );
    });
  client
    .command('list')
    .action(async () => out(await withContext((ctx) => ctx.get(ClientsService).list())));
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

  const token = program.command('token').description('API tokens');
  token
    .command('create <clientHandle>')
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
    .command('revoke <idOrPrefix>')
    .action(async (idOrPrefix: string) =>
      out(await withContext((ctx) => ctx.get(TokensService).revoke(idOrPrefix))),
    );

  const recipeSet = program.command('recipe-set').description('recipe sets');
  recipeSet
    .command('create <clientHandle>')
    .description(
      'recipe sets with a demo design (text and the demo image); installs a missing demo product first',
    )
    .option('--count <n>', `how many (1-${MAX_RECIPE_SETS_PER_CREATE})`, '1')
    .option('--product <handle>', 'product handle', DEFAULT_DEMO_PRODUCT)
    .action(async (clientHandle: string, opts: { count: string; product: string }) => {
      const count = Number(opts.count);
      const problem = createCountProblem(count);
      if (problem) throw new UsageError(`--${problem}.`);
      out(
        await withContext((ctx) =>
          ctx.get(DemoService).createRecipeSets(clientHandle, { count, product: opts.product }),
        ),
      );
    });

  const product = program.command('product').description('catalog products');
  product
    .command('list <clientHandle>')
    .description("the client's products: handle, name, version and times")
    .action(async (clientHandle: string) =>
      out(await withContext((ctx) => ctx.get(CatalogService).listFor(clientHandle))),
    );

  const catalog = program.command('catalog').description('catalogs');
  catalog
    .command('install-demo <clientHandle>')
    .description('install the demo products (demo-tee, demo-bottle) the client lacks')
    .action(async (clientHandle: string) =>
      out(await withContext((ctx) => ctx.get(DemoService).installCatalog(clientHandle))),
    );

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const applied = await withContext(
        (ctx) => runMigrations(ctx.get(DataSource), ctx.get(FieldCipher)),
        false,
      );
      out({ applied });
    });

  const jobs = program.command('jobs').description('background jobs (print files)');
  jobs
    .command('failed')
    .description('jobs whose retries are spent, newest first')
    .option('--limit <n>', 'at most this many (1-1000)', '100')
    .action(async (opts: { limit: string }) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new UsageError('--limit must be an integer from 1 to 1000');
      out(await withContext((ctx) => ctx.get(JobQueue).failed(limit)));
    });
  jobs
    .command('retry [ids...]')
    .description('queue failed jobs again (the ids `jobs failed` lists, or --all)')
    .option('--all', 'every failed job')
    .action(async (ids: string[], opts: { all?: boolean }) => {
      if (Boolean(opts.all) === ids.length > 0)
        throw new UsageError('give job ids or --all (not both)');
      const bad = ids.find((id) => !isUuid(id));
      if (bad) throw new UsageError(`not a job id: ${bad}`);
      const retried = await withContext((ctx) =>
        ctx.get(JobQueue).retryFailed(opts.all ? 'all' : ids),
      );
      out({ retried });
    });

  program
    .command('outbox')
    .description('messages (e-mail, SMS) in the outbox, newest first, decrypted: held ones too')
    .command('list')
    .description('the newest messages')
    .option('--limit <n>', 'at most this many (1-1000)', '20')
    .option('--status <status>', `only this status (${OUTBOX_STATUSES.join(', ')})`)
    .action(async (opts: { limit: string; status?: string }) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new UsageError('--limit must be an integer from 1 to 1000');
      if (
        opts.status !== undefined &&
        !(OUTBOX_STATUSES as readonly string[]).includes(opts.status)
      )
        throw new UsageError(`--status must be one of ${OUTBOX_STATUSES.join(', ')}`);
      out(
        await withContext((ctx) =>
          ctx.get(MessageOutbox).list(limit, opts.status as OutboxStatus | undefined),
        ),
      );
    });

  addWebhookCommands(program, {
    withContext,
    out,
    usage: (message) => new UsageError(message),
  });

  const demo = program.command('demo').description('demo data');
  demo
    .command('seed')
    .description('create the demo client and its Admin token (once)')
    .action(async () => {
      const result = await withContext((ctx) => ctx.get(DemoService).seed());
      const { token: secret, ...meta } = result;
      out(meta);
      if (secret) out(secret);
    });
  return program;
}

async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    if (err instanceof DomainError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
