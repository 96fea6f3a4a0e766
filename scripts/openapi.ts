/**
 * Writes or checks the committed OpenAPI document (openapi.json).
 *   node dist/scripts/openapi.js --write          regenerate openapi.json from the code
 *   node dist/scripts/openapi.js --check [FILE]   exit 1 when FILE (default openapi.json) differs from the code
 * Runs from the build (the Swagger CLI plugin's metadata is compiled in) and needs no database:
 * the application graph is loaded in Nest's preview mode, which instantiates nothing.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppModule } from '../src/composition';
import { buildOpenApiDocument } from '../src/common/openapi/openapi';
import { AppConfig } from '../src/config/app-config';
import { demoExamples } from '../src/demo';
import { describeDrift } from './openapi-drift';

const ROOT = join(__dirname, '..', '..');

async function generate(): Promise<string> {
  const config = AppConfig.fromEnv({ NODE_ENV: 'development' });
  const app = await NestFactory.create(
    AppModule.forRoot({ config, connection: { url: 'postgres://unused/unused' } }),
    { preview: true, logger: false, abortOnError: false },
  );
  const document = buildOpenApiDocument(app, demoExamples);
  await app.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<number> {
  const [mode, file] = process.argv.slice(2);
  const target = file ?? join(ROOT, 'openapi.json');
  const current = await generate();
  if (mode === '--write') {
    await writeFile(target, current);
    console.log(`wrote ${target}`);
    return 0;
  }
  if (mode === '--check') {
    const committed = await readFile(target, 'utf8').catch(() => '');
    const drift = describeDrift(committed, current);
    if (!drift) {
      console.log(`openapi check: ${target} matches the code`);
      return 0;
    }
    console.error(
      `openapi check FAILED: ${target} is stale. Run \`npm run openapi\` and commit it.\n${drift}`,
    );
    return 1;
  }
  console.error('usage: openapi.js --write | --check [FILE]');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
