/**
 * Prepares what a first start would otherwise spend most of its time on, unless it is current:
 * the migrated embedded database a new DATA_DIR starts from (src/database/embedded-template.ts)
 * and the demo catalog's pictures rasterised (src/catalog/demo/demo-image-cache.ts).
 * scripts/build-if-stale.mjs runs it after a build, so `npm install` and `npm start` do it once.
 *   node dist/scripts/embedded-template.js
 * Reports on stderr; exit status 0 (made or current) or 1 (failed: a first start then creates,
 * migrates and draws itself, as without them).
 */
import { cacheDemoImages } from '../src/catalog';
import { embeddedTemplateDir, makeEmbeddedTemplate } from '../src/database/embedded-template';

const say = (line: string) => process.stderr.write(`${line}\n`);
const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function main(): Promise<number> {
  let code = 0;
  const started = Date.now();
  const dir = embeddedTemplateDir();
  try {
    const made = await makeEmbeddedTemplate(dir);
    say(
      made
        ? `embedded database template: migrated in ${Date.now() - started} ms (${dir})`
        : `embedded database template: current (${dir})`,
    );
  } catch (err) {
    say(
      `embedded database template: not made (${failure(err)}); a first start creates and migrates its database itself`,
    );
    code = 1;
  }
  const drawing = Date.now();
  try {
    const drawn = await cacheDemoImages();
    say(`demo images: ${drawn} drawn in ${Date.now() - drawing} ms`);
  } catch (err) {
    say(`demo images: not drawn (${failure(err)}); a first start draws them itself`);
    code = 1;
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`embedded-template: ${failure(err)}`);
    process.exit(1);
  },
);
