import { Command } from 'commander';
import { FailedJob, JobQueue } from '../common/jobs/job-queue';
import { QueueStats } from '../common/jobs/jobs.repository';
import { MessageOutbox, OUTBOX_STATUSES, OutboxStatus } from '../messages';
import { isUuid } from '../common/validation/uuid';
import { intOption, UsageError, withContext } from './context';
import { ageText, Column, out, printList } from './output';

export const QUEUE_STATS_COLUMNS: Column<QueueStats>[] = [
  { header: 'QUEUE', value: (q) => q.queue },
  { header: 'QUEUED', value: (q) => q.queued },
  { header: 'ACTIVE', value: (q) => q.active },
  { header: 'FAILED', value: (q) => q.failed },
  { header: 'OLDEST QUEUED', value: (q) => ageText(q.oldestQueuedSeconds) },
];

const FAILED_COLUMNS: Column<FailedJob>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'QUEUE', value: (j) => j.name },
  { header: 'RETRIES', value: (j) => j.retryCount },
  { header: 'FAILED AT', value: (j) => j.completedOn },
  { header: 'ERROR', value: (j) => j.error, maxWidth: 60 },
];

/** `jobs failed|retry|stats` and `outbox list`. */
export function addJobsCommands(program: Command): void {
  const jobs = program.command('jobs').description('background jobs (print files, deliveries)');
  jobs
    .command('stats')
    .description('per queue: jobs queued, active and failed, and how long the oldest due one waits')
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (opts: { json?: boolean }) =>
      printList(await withContext((ctx) => ctx.get(JobQueue).stats()), QUEUE_STATS_COLUMNS, opts),
    );
  jobs
    .command('failed')
    .description('jobs whose retries are spent, newest first')
    .option('--limit <n>', 'at most this many (1-1000)', '100')
    .option('--json', 'print JSON, payloads included (for scripts), instead of a table')
    .action(async (opts: { limit: string; json?: boolean }) => {
      const limit = intOption('limit', opts.limit, 1, 1000);
      printList(await withContext((ctx) => ctx.get(JobQueue).failed(limit)), FAILED_COLUMNS, opts);
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
    .description('the newest messages (--json shows their content, links included)')
    .option('--limit <n>', 'at most this many (1-1000)', '20')
    .option('--status <status>', `only this status (${OUTBOX_STATUSES.join(', ')})`)
    .option('--json', 'print JSON, messages whole (for scripts), instead of a table')
    .action(async (opts: { limit: string; status?: string; json?: boolean }) => {
      const limit = intOption('limit', opts.limit, 1, 1000);
      if (
        opts.status !== undefined &&
        !(OUTBOX_STATUSES as readonly string[]).includes(opts.status)
      )
        throw new UsageError(
          `--status must be one of ${OUTBOX_STATUSES.join(', ')}, not ${JSON.stringify(opts.status)}.`,
        );
      const messages = await withContext((ctx) =>
        ctx.get(MessageOutbox).list(limit, opts.status as OutboxStatus | undefined),
      );
      printList(
        messages,
        [
          { header: 'ID', value: (m) => m.id },
          { header: 'STATUS', value: (m) => m.status },
          { header: 'CHANNEL', value: (m) => m.channel },
          { header: 'KIND', value: (m) => m.kind },
          { header: 'TO', value: (m) => m.message.to },
          { header: 'ATTEMPTS', value: (m) => m.attempts },
          { header: 'CREATED', value: (m) => m.createdAt },
          { header: 'SENT', value: (m) => m.sentAt },
          { header: 'LAST ERROR', value: (m) => m.lastError, maxWidth: 40 },
        ],
        opts,
      );
    });
}
