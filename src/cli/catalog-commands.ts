import { Command } from 'commander';
import { CatalogService } from '../catalog';
import { AppConfig } from '../config/app-config';
import { DEFAULT_DEMO_PRODUCT, DemoService, writeDemoPassword } from '../demo';
import { createCountProblem, MAX_RECIPE_SETS_PER_CREATE } from '../recipe-sets';
import { UsageError, withContext } from './context';
import { out, printList, progress } from './output';

/** `recipe-set create`, `product list`, `catalog install-demo` and `demo seed`. */
export function addCatalogCommands(program: Command): void {
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
          ctx.get(DemoService).createRecipeSets(clientHandle, {
            count,
            product: opts.product,
            onProgress: progress,
          }),
        ),
      );
    });

  program
    .command('product')
    .description('catalog products')
    .command('list <clientHandle>')
    .description("the client's products: handle, name, version and times")
    .option('--json', 'print JSON (for scripts) instead of a table')
    .action(async (clientHandle: string, opts: { json?: boolean }) =>
      printList(
        await withContext((ctx) => ctx.get(CatalogService).listFor(clientHandle)),
        [
          { header: 'HANDLE', value: (p) => p.handle },
          { header: 'NAME', value: (p) => p.name, maxWidth: 40 },
          { header: 'VERSION', value: (p) => p.version },
          { header: 'CREATED', value: (p) => p.createdDate },
          { header: 'MODIFIED', value: (p) => p.lastModifiedDate },
        ],
        opts,
      ),
    );

  program
    .command('catalog')
    .description('catalogs')
    .command('install-demo <clientHandle>')
    .description('install the demo products (demo-tee, demo-bottle) the client lacks')
    .action(async (clientHandle: string) =>
      out(await withContext((ctx) => ctx.get(DemoService).installCatalog(clientHandle, progress))),
    );

  program
    .command('demo')
    .description('demo data')
    .command('seed')
    .description(
      "create the demo client and its Admin token (once); the console user's password goes to DATA_DIR/demo-password",
    )
    .action(async () => {
      const {
        token: secret,
        consoleUser,
        ...meta
      } = await withContext(async (ctx) => {
        const result = await ctx.get(DemoService).seed();
        // Like `npm start`: the password goes to an owner-only file, never to the output.
        const passwordFile = result.consoleUser
          ? await writeDemoPassword(ctx.get(AppConfig).dataDir, result.consoleUser.password)
          : undefined;
        return { ...result, ...(passwordFile ? { passwordFile } : {}) };
      });
      out(consoleUser ? { ...meta, consoleUser: consoleUser.email } : meta);
      if (secret) out(secret);
    });
}
