import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { sourceFiles } from '../../test/support/source-files';

/**
 * What the source says of its own shape, read from its text: the folders of `src/`, what each
 * imports of the others, where a name is declared. For the documents' checks.
 */
export const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

const texts = new Map<string, string>();

/** A file of the repository (`src/…`, `docs/…`), read once. */
export function read(path: string): string {
  if (!texts.has(path)) texts.set(path, readFileSync(join(ROOT, path), 'utf8'));
  return texts.get(path)!;
}

/** The folders of `src/` (or of its folder `under`). */
export function srcFolders(under = ''): string[] {
  const dir = join(SRC, under);
  return readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
}

/** Every source file of `src/` (spec files left out), as `src/…`. */
export function srcFiles(): string[] {
  return sourceFiles(SRC).map((file) => relative(ROOT, file));
}

/** The folders of `src/` with an `index.ts`: the feature modules. */
export function featureFolders(): string[] {
  return srcFolders().filter((name) => existsSync(join(SRC, name, 'index.ts')));
}

/** The feature modules lint holds to their index (`MODULES` in eslint.config.mjs). */
export function lintModules(): string[] {
  const list = /const MODULES = \[([\s\S]*?)\];/.exec(read('eslint.config.mjs'))?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** The source files (spec files left out) of an entry of `src/`: a folder, or a file (`x.ts`). */
export function filesOf(entry: string): string[] {
  const path = join(SRC, entry);
  return entry.endsWith('.ts') ? [path] : sourceFiles(path);
}

/**
 * What `files` import of `src/` outside `self`: an entry of `src/` without `.ts` (`orders`,
 * `bootstrap-config`), or a folder of `common/` (`common/http`).
 */
export function importsOf(files: string[], self: string): Set<string> {
  const found = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) {
      const parts = relative(SRC, normalize(join(dirname(file), m[1]))).split(sep);
      if (parts[0] === '..') continue;
      const entry = parts[0] === 'common' ? `common/${parts[1]}` : parts[0].replace(/\.ts$/, '');
      if (entry !== self.replace(/\.ts$/, '')) found.add(entry);
    }
  return found;
}

/**
 * The file (`src/…`) that declares `name` (a class, function or constant): the one that exports
 * it, else one that declares it for itself; undefined if `src/` does not.
 */
export function declaringFile(name: string): string | undefined {
  const declares = (prefix: string) =>
    new RegExp(`^${prefix}(?:abstract )?(?:async )?(?:function|const|class) ${name}\\b`, 'm');
  const files = srcFiles();
  return (
    files.find((f) => declares('export ').test(read(f))) ??
    files.find((f) => declares('').test(read(f)))
  );
}

/** The arguments of the call (or the items of the list) at `source`'s first `open` (`compose(`, `imports: [`). */
export function callArguments(source: string, open: string): string[] {
  // Comment lines are no part of the arguments (and may hold commas).
  const text = source.replace(/^\s*\/\/.*$/gm, '');
  const start = text.indexOf(open);
  const close = open.endsWith('[') ? ']' : ')';
  if (start < 0) throw new Error(`no ${open}`);
  const args: string[] = [];
  let depth = 0;
  let arg = '';
  for (const ch of text.slice(start + open.length)) {
    if (depth === 0 && (ch === ',' || ch === close)) {
      if (arg.trim()) args.push(arg.trim());
      if (ch === close) break;
      arg = '';
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    arg += ch;
  }
  return args;
}

/** The name an argument stands for: `app.get(X).middleware` → X, `f(…)` → f, `x` → x. */
export function nameOf(argument: string): string {
  return (/^app\.get\((\w+)\)/.exec(argument) ?? /^(\w+)/.exec(argument))?.[1] ?? argument;
}
