import { Command } from 'commander';
import { UserStatus } from '../clients';
import { InviteUserDto, MAX_USER_PAGE_SIZE, UserDto, UsersService } from '../users';
import { intOption, UsageError, validated, withContext } from './context';
import { OPERATOR, operatorOf } from './operator';
import { Column, out, printList } from './output';

const USER_COLUMNS: Column<UserDto>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'EMAIL', value: (u) => u.email },
  {
    header: 'NAME',
    value: (u) => [u.firstName, u.lastName].filter(Boolean).join(' '),
    maxWidth: 30,
  },
  { header: 'ROLE', value: (u) => u.role },
  { header: 'STATUS', value: (u) => u.status },
  { header: 'INVITED', value: (u) => u.invitedDate },
  { header: 'ACCEPTED', value: (u) => u.acceptedDate },
];

/** A `--status` value in any case, or a usage error naming it. */
function statusOption(value: string | undefined): UserStatus | undefined {
  if (value === undefined) return undefined;
  const status = Object.values(UserStatus).find((s) => s.toLowerCase() === value.toLowerCase());
  if (!status)
    throw new UsageError(
      `--status must be one of ${Object.values(UserStatus).join(', ')}, not ${JSON.stringify(value)}.`,
    );
  return status;
}

interface InviteOptions {
  role?: string;
  firstName?: string;
  lastName?: string;
  locale?: string;
}

/** `user invite|list|disable|enable`: a client's users, as its Admins manage them through the API. */
export function addUserCommands(program: Command): void {
  const user = program.command('user').description('users of a client account');
  user
    .command('invite <clientHandle> <email>')
    .description('invite a user: the invitation e-mail goes to the outbox; prints the user as JSON')
    .option('--role <role>', 'User | Admin', 'User')
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .option('--locale <tag>', 'language of the invitation (en, de, fr, es, nl)')
    .action(async (clientHandle: string, email: string, opts: InviteOptions) => {
      const input = validated(InviteUserDto, { email, ...opts });
      out(
        await withContext(async (ctx) =>
          ctx.get(UsersService).invite(await operatorOf(ctx, clientHandle), input),
        ),
      );
    });
  user
    .command('list <clientHandle>')
    .description("the client's users, newest invitation first")
    .option('--status <status>', `only this status (${Object.values(UserStatus).join(', ')})`)
    .option('--limit <n>', `at most this many (1-${MAX_USER_PAGE_SIZE})`, '100')
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(
      async (clientHandle: string, opts: { status?: string; limit: string; json?: boolean }) => {
        const status = statusOption(opts.status);
        const limit = intOption('limit', opts.limit, 1, MAX_USER_PAGE_SIZE);
        const { users, total } = await withContext(async (ctx) =>
          ctx.get(UsersService).list(await operatorOf(ctx, clientHandle), status, 0, limit),
        );
        printList(users, USER_COLUMNS, opts);
        if (!opts.json && total > users.length)
          out(`${users.length} of ${total} shown (--limit raises it)`);
      },
    );
  for (const [name, status, what] of [
    ['disable', UserStatus.Disabled, 'the user can no longer sign in; their tokens stop at once'],
    ['enable', UserStatus.Active, 'active again (Invited again if they never accepted)'],
  ] as const)
    user
      .command(`${name} <idOrEmail>`)
      .description(`${name} a user named by id or e-mail address: ${what}; prints the user as JSON`)
      .action(async (idOrEmail: string) =>
        out(
          await withContext(async (ctx) => {
            const users = ctx.get(UsersService);
            return users.update(OPERATOR, await users.userIdOf(idOrEmail), { status });
          }),
        ),
      );
}
