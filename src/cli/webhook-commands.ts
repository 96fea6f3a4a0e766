import { Command } from 'commander';
import { isUuid } from '../common/validation/uuid';
import { CreateEndpointDto, WebhookDeliveriesService, WebhookEndpointsService } from '../webhooks';
import { intOption, UsageError, validated, withContext } from './context';
import { OPERATOR, operatorOf } from './operator';
import { out, printList } from './output';

/** `webhooks list|create|disable|deliveries`: a client's endpoints and their delivery logs. */
export function addWebhookCommands(program: Command): void {
  const webhooks = program.command('webhooks').description('webhook endpoints and deliveries');
  webhooks
    .command('list <clientHandle>')
    .description("the client's endpoints (never their secrets)")
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (clientHandle: string, opts: { json?: boolean }) =>
      printList(
        await withContext(async (ctx) =>
          ctx.get(WebhookEndpointsService).list(await operatorOf(ctx, clientHandle)),
        ),
        [
          { header: 'ID', value: (e) => e.id },
          { header: 'URL', value: (e) => e.url, maxWidth: 50 },
          { header: 'STATUS', value: (e) => e.status },
          { header: 'EVENT TYPES', value: (e) => e.eventTypes?.join(',') ?? 'all', maxWidth: 40 },
          { header: 'CREATED', value: (e) => e.createdAt },
        ],
        opts,
      ),
    );
  webhooks
    .command('create <clientHandle> <url>')
    .description('add an endpoint; prints it with its secret (shown only now)')
    .option('--types <types>', 'comma-separated event types (default: all)')
    .option('--description <text>', 'what the endpoint is')
    .action(
      async (clientHandle: string, url: string, opts: { types?: string; description?: string }) => {
        const input = validated(CreateEndpointDto, {
          url,
          eventTypes: opts.types?.split(',').map((t) => t.trim()),
          description: opts.description,
        });
        out(
          await withContext(async (ctx) =>
            ctx
              .get(WebhookEndpointsService)
              .create(await operatorOf(ctx, clientHandle), undefined, input),
          ),
        );
      },
    );
  webhooks
    .command('disable <endpointId>')
    .description('stop deliveries to an endpoint (its pending deliveries fail)')
    .action(async (id: string) => {
      if (!isUuid(id)) throw new UsageError(`not an endpoint id: ${id}`);
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
    .option('--json', 'print JSON (for scripts: the page and its next cursor) instead of a table')
    .action(async (id: string, opts: { status?: string; limit: string; json?: boolean }) => {
      if (!isUuid(id)) throw new UsageError(`not an endpoint id: ${id}`);
      const limit = intOption('limit', opts.limit, 1, 100);
      const status = opts.status;
      if (status !== undefined && !['pending', 'succeeded', 'failed'].includes(status))
        throw new UsageError(
          `--status must be pending, succeeded or failed, not ${JSON.stringify(status)}.`,
        );
      const page = await withContext((ctx) =>
        ctx.get(WebhookDeliveriesService).page(OPERATOR, id, {
          limit,
          status: status as 'pending' | 'succeeded' | 'failed' | undefined,
        }),
      );
      if (opts.json) return out(page);
      printList(
        page.data,
        [
          { header: 'ID', value: (d) => d.id },
          { header: 'EVENT', value: (d) => d.eventType },
          { header: 'ATTEMPT', value: (d) => d.attempt },
          { header: 'STATUS', value: (d) => d.status },
          { header: 'HTTP', value: (d) => d.responseStatus },
          { header: 'MS', value: (d) => d.durationMs },
          { header: 'DUE', value: (d) => d.dueAt },
          { header: 'ERROR', value: (d) => d.error, maxWidth: 40 },
        ],
        opts,
      );
      if (page.next) out('(older deliveries not shown)');
    });
}
