/**
 * Makes the migrated embedded database a new DATA_DIR starts from (src/database/embedded-template.ts),
 * unless the one in dist/embedded-template is current. scripts/build-if-stale.mjs runs it after a
 * build, so `npm install` and `npm start` make it once.
 *   node dist/scripts/embedded-template.js
 * Reports on stderr; exit status 0 (made or current) or 1 (failed: the server then creates and
 * migrates a new data directory itself, as without a template).
 */
import { embeddedTemplateDir, makeEmbeddedTemplate } from '../src/database/embedded-template';

async function main(): Promise<void> {
  const started = Date.now();
  const dir = embeddedTemplateDir();
  const made = await makeEmbeddedTemplate(dir);
  process.stderr.write(
    made
      ? `embedded database template: migrated in ${Date.now() - started} ms (${dir})\n`
      : `embedded database template: current (${dir})\n`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `embedded database template: not made (${err instanceof Error ? err.message : String(err)}); a first start creates and migrates its database itself\n`,
    );
    process.exit(1);
  },
);
