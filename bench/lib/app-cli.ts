/** The built app's CLI (`dist/src/cli.js`), run with the app's environment. */
import { execFile } from 'node:child_process';
import { AppBuild } from './build';

export function runCli(args: string[], env: NodeJS.ProcessEnv, build: AppBuild): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [build.cli, ...args],
      { env, cwd: build.root, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`cli ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** JSON printed before the token line of `token create`. */
function parseTokenOutput(stdout: string): { id: string; token: string } {
  const lines = stdout.trimEnd().split('\n');
  const token = lines.pop()!.trim();
  const meta = JSON.parse(lines.join('\n')) as { id: string };
  return { id: meta.id, token };
}

/** Creates the client `handle` ("Benchmark") and a token for it (User unless told otherwise). */
export async function createClientWithToken(
  env: NodeJS.ProcessEnv,
  handle: string,
  build: AppBuild,
  role: 'User' | 'Admin' = 'User',
  { sandbox = false }: { sandbox?: boolean } = {},
): Promise<{ clientId: string; tokenId: string; token: string }> {
  const client = JSON.parse(
    await runCli(
      ['client', 'create', handle, '--name', 'Benchmark', ...(sandbox ? ['--sandbox'] : [])],
      env,
      build,
    ),
  ) as { id: string };
  await skuPolicyOff(env, handle, build);
  const issued = parseTokenOutput(
    await runCli(['token', 'create', handle, '--role', role, '--label', 'bench'], env, build),
  );
  return { clientId: client.id, tokenId: issued.id, token: issued.token };
}

/**
 * The benchmarks' line items carry made-up SKUs (`bench/orders-seed.ts`) on whatever demo recipe
 * set they pick: their clients do not check SKUs (`skuPolicy` off), so every suite measures the
 * same work on every build it compares. A build from before SKU policies has no such option and
 * checks nothing anyway.
 */
async function skuPolicyOff(
  env: NodeJS.ProcessEnv,
  handle: string,
  build: AppBuild,
): Promise<void> {
  try {
    await runCli(['client', 'settings', handle, '--sku-policy', 'off'], env, build);
  } catch (err) {
    if (!/unknown option '--sku-policy'/.test(String(err))) throw err;
  }
}
