import { Command, CommanderError } from 'commander';
import { DomainError } from '../common/errors/domain-error';
import { buildInfo } from '../common/metrics/build-info';
import { addCatalogCommands } from './catalog-commands';
import { addClientCommands, addTokenCommands } from './client-commands';
import { addConfigCommands } from './config-check';
import { ExitSilently, UsageError } from './context';
import { CliIo, processIo, withIo } from './io';
import { addJobsCommands } from './jobs-commands';
import { addMigrateCommands } from './migrate-commands';
import { addUserCommands } from './user-commands';
import { addWebhookCommands } from './webhook-commands';

/** `1.2.3` and, when the build recorded it, `(commit abc1234)`. */
export function versionText(info: { version: string; commit: string } = buildInfo()): string {
  return info.commit === 'unknown' ? info.version : `${info.version} (commit ${info.commit})`;
}

/** Every command, each with its description (`pci --help`, `pci <command> --help`). */
export function buildProgram(io: CliIo = processIo): Command {
  const program = new Command('pci')
    .description('Operator commands for the Product Customizer Integration API')
    .version(versionText(), '-V, --version', "print the version (and the build's commit)")
    .helpOption('-h, --help', 'show help for the command')
    .addHelpCommand('help [command]', 'show help for a command')
    .showSuggestionAfterError()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride()
    // Parsed apart (src/cli/partner/), without the service's configuration or modules.
    .addHelpText(
      'after',
      `
Partner commands (only the API's URL and a token: PCI_API_URL, PCI_TOKEN; no database):
  listen --forward-to <url>  forward the client's events, signed, to a local webhook receiver
  trigger <event type>       cause an event for a sandbox client
See pci listen --help and pci trigger --help.`,
    );
  addClientCommands(program);
  addTokenCommands(program);
  addUserCommands(program);
  addCatalogCommands(program);
  addMigrateCommands(program);
  addJobsCommands(program);
  addWebhookCommands(program);
  addConfigCommands(program);
  // Subcommands made with .command() inherit the exit override and the output: they exit through
  // main() too and print where the program does.
  return program;
}

/**
 * Runs the command `argv` names; answers the exit code: 0, 1 when the service refused or failed,
 * 2 for a usage error (commander's and ours), 78 for a bad configuration. Errors are one line,
 * never a stack. `io` is where it reads its environment and prints (the process's by default).
 */
export function main(argv: string[], io: CliIo = processIo): Promise<number> {
  return withIo(io, () => run(argv, io));
}

async function run(argv: string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof ExitSilently) return err.code;
    if (err instanceof UsageError) {
      io.err(`${err.message}\n`);
      return 2;
    }
    if (err instanceof DomainError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    io.err(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
