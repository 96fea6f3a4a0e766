import { INestApplicationContext } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Command } from 'commander';
import { Actor } from './common/auth/actor';
import { Role } from './common/auth/role';
import { isUuid } from './common/validation/uuid';
import { ClientsService } from './clients/clients.service';
import { CreateEndpointDto, WebhookDeliveriesService, WebhookEndpointsService } from './webhooks';

/** What the webhook commands need from the CLI (src/cli.ts). */
export interface CliTools {
  withContext<T>(fn: (ctx: INestApplicationContext) => Promise<T>): Promise<T>;
  out(value: unknown): void;
  /** A usage error (exit code 2) with this message. */
  usage(message: string): Error;
}

/** The operator acts as a ServiceAdmin of the client named (the routes' own checks apply). */
async function operator(ctx: INestApplicationContext, clientHandle: string): Promise<Actor> {
  const client = await ctx.get(ClientsService).getByHandle(clientHandle);
  return {
    clientId: client.id,
    clientHandle: client.handle,
    role: Role.ServiceAdmin,
    tokenId: 'cli',
  };
}

const OPERATOR: Actor = { clientId: '', clientHandle: '', role: Role.ServiceAdmin, tokenId: 'cli' };

/** `webhooks list|create|disable|deliveries`: a client's endpoints and their delivery logs. */
export function addWebhookCommands(program: Command, { withContext, out, usage }: CliTools): void {
  const webhooks = program.command('webhooks').description('webhook endpoints and deliveries');
  webhooks
    .command('list <clientHandle>')
    .description("the client's endpoints (never their secrets)")
    .action(async (clientHandle: string) =>
      out(
        await withContext(async (ctx) =>
          ctx.get(WebhookEndpointsService).list(await operator(ctx, clientHandle)),
        ),
      ),
    );
  webhooks
    .command('create <clientHandle> <url>')
    .description('add an endpoint; prints it with its secret (shown only now)')
    .option('--types <types>', 'comma-separated event types (default: all)')
    .option('--description <text>', 'what the endpoint is')
    .action(
      async (clientHandle: string, url: string, opts: { types?: string; description?: string }) => {
        const input = plainToInstance(CreateEndpointDto, {
          url,
          eventTypes: opts.types?.split(',').map((t) => t.trim()),
          description: opts.description,
        });
        const problems = validateSync(input).flatMap((e) => Object.values(e.constraints ?? {}));
        if (problems.length > 0) throw usage(`${problems.join('; ')}.`);
        out(
          await withContext(async (ctx) =>
            ctx
              .get(WebhookEndpointsService)
              .create(await operator(ctx, clientHandle), undefined, input),
          ),
        );
      },
    );
  webhooks
    .command('disable <endpointId>')
    .description('stop deliveries to an endpoint (its pending deliveries fail)')
    .action(async (id: string) => {
      if (!isUuid(id)) throw usage(`not an endpoint id: ${id}`);
      out(
        await withContext((ctx) =>
          ctx.get(WebhookEndpointsService).update(OPERATOR, id, { status: 'disabled' }),
        ),
      );
    });
  webhooks
    .command('deliveries <endpointId>')
    .description("an endpoint's delivery attempts, newest first")
    .option('--status <status>', 'pending | succeeded | failed')
    .option('--limit <n>', 'at most this many (1-100)', '20')
    .action(async (id: string, opts: { status?: string; limit: string }) => {
      if (!isUuid(id)) throw usage(`not an endpoint id: ${id}`);
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw usage('--limit must be an integer from 1 to 100');
      const status = opts.status;
      if (status !== undefined && !['pending', 'succeeded', 'failed'].includes(status))
        throw usage('--status must be pending, succeeded or failed');
      out(
        await withContext((ctx) =>
          ctx.get(WebhookDeliveriesService).page(OPERATOR, id, {
            limit,
            status: status as 'pending' | 'succeeded' | 'failed' | undefined,
          }),
        ),
      );
    });
}
