import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file an npm script runs exists: scripts/ as they are, dist/ files as their TypeScript source. */
describe('package.json scripts', () => {
  const root = join(__dirname, '..');
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it.each(Object.entries(scripts))('%s runs only files that exist', (_name, command) => {
    const compiled = [...command.matchAll(/\bdist\/([\w./-]+)\.js\b/g)].map((m) => `${m[1]}.ts`);
    const direct = [...command.matchAll(/\b(?:node|bash) (scripts\/[\w./-]+)/g)].map((m) => m[1]);
    const missing = [...compiled, ...direct].filter((file) => !existsSync(join(root, file)));
    expect(missing).toEqual([]);
  });
});
