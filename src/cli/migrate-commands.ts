import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { FieldCipher } from '../common/crypto/field-cipher';
import { runMigrations } from '../database/migrate';
import { migrationStatus } from '../database/migration-status';
import { withContext } from './context';
import { formatTable, out, progress } from './output';

/** `migrate` (apply pending migrations) and `migrate --status` (list them, change nothing). */
export function addMigrateCommands(program: Command): void {
  program
    .command('migrate')
    .description('apply pending database migrations (with --status: list them, change nothing)')
    .option('--status', 'list applied and pending migrations; apply nothing (exit code 0)')
    .option('--json', 'with --status: print JSON (for scripts) instead of a table')
    .action(async (opts: { status?: boolean; json?: boolean }) => {
      if (opts.status) {
        const status = await withContext((ctx) => migrationStatus(ctx.get(DataSource)), false);
        if (opts.json) return out(status);
        const rows = [
          ...status.applied.map((name) => ({ name, state: 'applied' })),
          ...status.pending.map((name) => ({ name, state: 'pending' })),
        ];
        out(
          formatTable(rows, [
            { header: 'MIGRATION', value: (r) => r.name },
            { header: 'STATE', value: (r) => r.state },
          ]),
        );
        out(`${status.applied.length} applied, ${status.pending.length} pending`);
        return;
      }
      const applied = await withContext(
        (ctx) => runMigrations(ctx.get(DataSource), ctx.get(FieldCipher), progress),
        false,
      );
      out({ applied });
    });
}
