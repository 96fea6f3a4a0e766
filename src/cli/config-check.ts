import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SmtpMailer } from '../messages';
import { causeOf, pingRedis, redactedUrl } from '../common/process/reach-at-start';
import { AppConfig } from '../config/app-config';
import { ConfigValidationError } from '../config/environment';
import { openDatabase } from '../database/open-database';
import { pingDatabase } from '../database/ping-database';
import { ExitSilently } from './context';
import { cliIo } from './io';
import { formatTable, out } from './output';

/** One line of `config check`: ok, fail, or skip (not configured). */
export interface CheckResult {
  check: string;
  status: 'ok' | 'fail' | 'skip';
  detail: string;
}

interface Check {
  check: string;
  /** Resolves with what was reached, or undefined for a check that does not apply. */
  run: () => Promise<string | { skip: string }>;
}

/** Runs the checks one after another: a failure is recorded with its cause, never thrown. */
export async function runChecks(checks: readonly Check[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const { check, run } of checks) {
    try {
      const done = await run();
      results.push(
        typeof done === 'string'
          ? { check, status: 'ok', detail: done }
          : { check, status: 'skip', detail: done.skip },
      );
    } catch (err) {
      results.push({ check, status: 'fail', detail: causeOf(err) });
    }
  }
  return results;
}

/** `what: cause` when a check fails, the place checked alone when it passes. */
function named(what: string, run: () => Promise<void>): () => Promise<string> {
  return async () => {
    try {
      await run();
      return what;
    } catch (err) {
      throw new Error(`${what}: ${causeOf(err)}`);
    }
  };
}

/** What `config check` reaches, given a valid configuration. Never shows a secret. */
export function serviceChecks(config: AppConfig): Check[] {
  const timeout = config.connectTimeoutMs;
  return [
    {
      check: 'database',
      run: async () => {
        const target = config.database;
        if (target.kind === 'external')
          return named(redactedUrl(target.url), () => pingDatabase({ url: target.url }, timeout))();
        const { dataDir } = target;
        if (!existsSync(join(dataDir, 'pgdata')))
          return { skip: `embedded in ${dataDir}: not created yet (the first start creates it)` };
        return named(`embedded in ${dataDir}`, async () => {
          const database = await openDatabase(config, { attachIfRunning: true });
          try {
            await pingDatabase(database.connection, timeout);
          } finally {
            await database.close();
          }
        })();
      },
    },
    {
      check: 'redis',
      run: async () =>
        config.redisUrl
          ? named(redactedUrl(config.redisUrl), () => pingRedis(config.redisUrl!, timeout))()
          : { skip: 'REDIS_URL not set (one instance: limits and caches in memory)' },
    },
    {
      check: 's3',
      run: async () => {
        const s3 = config.s3;
        if (!s3) return { skip: `BLOB_STORE=${config.blobStore}` };
        const where = `bucket ${s3.bucket}${s3.endpoint ? ` at ${redactedUrl(s3.endpoint)}` : ''}`;
        return named(where, async () => {
          const { S3BlobStore } = await import('../common/storage/s3-blob-store.js');
          const store = new S3BlobStore(s3);
          try {
            await store.check();
          } finally {
            store.onModuleDestroy();
          }
        })();
      },
    },
    {
      check: 'smtp',
      run: async () => {
        const url = config.messages.smtpUrl;
        if (!url) return { skip: 'SMTP_URL not set (e-mails are held in the outbox)' };
        return named(redactedUrl(url), async () => {
          const mailer = new SmtpMailer(url, config.messages.from);
          try {
            await mailer.verify();
          } finally {
            mailer.close();
          }
        })();
      },
    },
    {
      check: 'sms',
      run: () =>
        Promise.resolve(
          config.messages.smsWebhookUrl
            ? { skip: 'SMS_WEBHOOK_URL set (not called: a call would send a message)' }
            : { skip: 'SMS_WEBHOOK_URL not set (SMS are held in the outbox)' },
        ),
    },
  ];
}

/** `config check`: the configuration as the service loads it, then each service it names. */
export function addConfigCommands(program: Command): void {
  program
    .command('config')
    .description('the configuration')
    .command('check')
    .description(
      'validate the environment as the service does and reach each configured service: one line per check; exit code 1 when one fails',
    )
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (opts: { json?: boolean }) => {
      let config: AppConfig | undefined;
      const results: CheckResult[] = [];
      try {
        config = AppConfig.fromEnv(cliIo().env, { backgroundTasks: false });
        results.push({
          check: 'config',
          status: 'ok',
          detail: `NODE_ENV=${config.nodeEnv}, database ${config.database.kind}, BLOB_STORE=${config.blobStore}`,
        });
      } catch (err) {
        if (!(err instanceof ConfigValidationError)) throw err;
        for (const problem of err.problems)
          results.push({ check: 'config', status: 'fail', detail: problem });
      }
      if (config) results.push(...(await runChecks(serviceChecks(config))));
      out(
        opts.json
          ? results
          : formatTable(results, [
              { header: 'STATUS', value: (r) => r.status },
              { header: 'CHECK', value: (r) => r.check },
              { header: 'DETAIL', value: (r) => r.detail },
            ]),
      );
      if (results.some((r) => r.status === 'fail')) throw new ExitSilently(1);
    });
}
