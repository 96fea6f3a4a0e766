import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project root: the nearest directory above this file with a package.json (the same from
 * `src/` under ts-jest and from the compiled `dist/src/`).
 */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}
