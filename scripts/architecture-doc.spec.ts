import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_QUEUES, JobName } from '../src/common/jobs/job-registry';
import { tableUnder, ticked } from './lib/markdown-tables';
import {
  callArguments,
  declaringFile,
  featureFolders,
  filesOf,
  importsOf,
  lintModules,
  nameOf,
  read,
  ROOT,
  srcFiles,
  srcFolders,
} from './lib/source-facts';

/**
 * docs/architecture.md against the code it maps: the module map and its dependencies, the jobs,
 * the request pipeline. A claim the code no longer makes fails here.
 */
const DOC = read('docs/architecture.md');
const sorted = (names: Iterable<string>): string[] => [...names].sort();
/** A name of `src/` as the document writes it (`src/orders/`, `cli/`, `bootstrap-config.ts`). */
const entry = (name: string): string => name.replace(/^src\//, '').replace(/\/$|\.ts$/g, '');
/** Whether a name in backticks is a folder or file of `src/` (or a folder of `common/`). */
const namesSrc = (name: string): boolean =>
  /^common(\/[\w-]+)?$/.test(entry(name)) ||
  existsSync(join(ROOT, 'src', entry(name))) ||
  existsSync(join(ROOT, 'src', `${entry(name)}.ts`));

describe('docs/architecture.md: the module map', () => {
  const features = featureFolders();
  const rows = tableUnder(DOC, 'Feature modules');
  const infrastructure = tableUnder(DOC, 'Infrastructure outside `common/`');

  it('lists every feature folder (a folder with an index.ts), as lint does', () => {
    expect(sorted(rows.map(([folder]) => entry(ticked(folder)[0])))).toEqual(sorted(features));
    expect(sorted(lintModules())).toEqual(sorted(features));
    const surfaces = /the\s+`index\.ts` of ([\s\S]*?) from outside their folder/.exec(DOC)?.[1];
    expect(sorted(ticked(surfaces ?? ''))).toEqual(sorted(features));
    const noIndex = /\(only ([^)]*?)\s+have\s+no\s+`index\.ts`\)/.exec(DOC)?.[1] ?? '';
    expect(sorted(ticked(noIndex).map(entry))).toEqual(
      sorted(srcFolders().filter((f) => !features.includes(f))),
    );
  });

  it.each(rows.map((cells) => [entry(ticked(cells[0])[0]), cells[2]]))(
    '%s: depends on the feature modules it imports',
    (folder, dependsOn) => {
      const imported = [...importsOf(filesOf(folder), folder)].filter((e) => features.includes(e));
      expect(sorted(ticked(dependsOn))).toEqual(sorted(imported));
    },
  );

  it('lists every other folder of src/ as infrastructure, and every folder of src/common', () => {
    const listed = infrastructure.flatMap(([names]) => ticked(names).map(entry));
    expect(srcFolders().filter((f) => f !== 'common' && !features.includes(f))).toEqual(
      srcFolders().filter((f) => listed.includes(f)),
    );
    const common = tableUnder(DOC, 'Shared infrastructure: `src/common/`');
    expect(sorted(common.map(([folder]) => ticked(folder)[0]))).toEqual(
      sorted(srcFolders('common')),
    );
  });

  // Rows whose dependencies are named (not "everything" or "every module's entity list").
  const infrastructureDeps = infrastructure
    .map(([names, , dependsOn]) => [names, ticked(dependsOn).filter(namesSrc).map(entry)] as const)
    .filter(([, named]) => named.length > 0);

  it('names the dependencies of config/, database/ and cli/ at least', () => {
    expect(infrastructureDeps.map(([names]) => names)).toEqual(
      expect.arrayContaining(['`config/`', '`database/`', '`cli/`']),
    );
  });

  it.each(infrastructureDeps)('%s: depends on what it imports of src/', (names, named) => {
    const entries = ticked(names).map((n) => (n.endsWith('.ts') ? n : entry(n)));
    const imported = new Set(entries.flatMap((e) => [...importsOf(filesOf(e), e)]));
    for (const e of entries) imported.delete(entry(e));
    const outsideCommon = (list: Iterable<string>) =>
      sorted([...list].filter((n) => !n.startsWith('common')));
    expect(outsideCommon(named)).toEqual(outsideCommon(imported));
    // `common/` as a whole, or each of its folders.
    const commonNamed = named.filter((n) => n.startsWith('common'));
    const commonImported = [...imported].filter((n) => n.startsWith('common/'));
    if (commonNamed.includes('common')) expect(commonImported.length).toBeGreaterThan(0);
    else expect(sorted(commonNamed)).toEqual(sorted(commonImported));
  });
});

describe('docs/architecture.md: the process roles (src/composition.ts)', () => {
  const composition = read('src/composition.ts');
  const rows = tableUnder(DOC, 'Process roles');
  /** The names a list spreads or holds: `...FEATURE_MODULES` → FEATURE_MODULES, `...f(…)` → f. */
  const listed = (items: string[]) => items.map((i) => nameOf(i.replace(/^\.\.\./, '')));
  /** The lists the root module `name`'s forRoot composes: its imports and its providers. */
  const rootOf = (name: string) => {
    const body = composition.slice(composition.indexOf(`export class ${name} `));
    const end = body.indexOf('\n}\n');
    const forRoot = end < 0 ? body : body.slice(0, end);
    const providers = /providers: (\w+)/.exec(forRoot)?.[1];
    return {
      imports: listed(callArguments(forRoot, 'imports: [')),
      providers: forRoot.includes('providers: [')
        ? listed(callArguments(forRoot, 'providers: ['))
        : providers
          ? [providers]
          : [],
    };
  };
  /** The folder each name of a list of composition.ts is imported from (`./orders` → orders). */
  const folderOf = (name: string) =>
    new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./([\\w/-]+)'`).exec(composition)?.[1];

  it('has a row for each role of src/composition.ts', () => {
    const roots = [...composition.matchAll(/^export class (\w+Module) /gm)].map((m) => m[1]);
    expect(sorted(rows.map(([, root]) => ticked(root)[0]))).toEqual(sorted(roots));
  });

  it.each(rows.map((cells) => [ticked(cells[1])[0], cells[2], cells[3]]))(
    '%s: imports and provides the lists its row names',
    (root, imports, providers) => {
      const composed = rootOf(root);
      expect(sorted(ticked(imports))).toEqual(sorted(composed.imports));
      expect(sorted(ticked(providers))).toEqual(sorted(composed.providers));
    },
  );

  it('FEATURE_MODULES holds the module of every feature folder', () => {
    const features = callArguments(composition, 'FEATURE_MODULES = [').map(nameOf);
    expect(sorted(features.map((m) => folderOf(m) ?? m))).toEqual(sorted(featureFolders()));
  });

  it('HTTP_MODULES holds every module that declares controllers, and only those', () => {
    const declaring = srcFiles()
      .filter((f) => /^\s*controllers: \[/m.test(read(f)))
      .map((f) => /export class (\w+)/.exec(read(f))?.[1]);
    const http = callArguments(composition, 'HTTP_MODULES = [').map(nameOf);
    expect(sorted(http)).toEqual(sorted(declaring.map(String)));
    expect(declaring.every((m) => /HttpModule$/.test(String(m)))).toBe(true);
  });

  it('names every module of the infrastructure list', () => {
    const body = composition.slice(composition.indexOf('function infrastructure('));
    const modules = callArguments(body, 'return [').map(nameOf);
    const prose = /- `infrastructure`: ([\s\S]*?);\n- `FEATURE_MODULES`/.exec(DOC)?.[1] ?? '';
    // Each module by the word of its name: ConfigModule → configuration, RateLimitsModule → rate limits.
    const word = (m: string) =>
      m
        .replace(/Module$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^config$/, 'configuration')
        .replace(/^workers$/, 'worker threads')
        .replace(/^scheduling$/, 'work pools');
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.map(word).filter((w) => !prose.toLowerCase().includes(w))).toEqual([]);
  });
});

describe('docs/architecture.md: the jobs', () => {
  const rows = tableUnder(DOC, 'Jobs');

  it('lists every job of the registry and nothing else', () => {
    expect(sorted(rows.map(([job]) => ticked(job)[0]))).toEqual(sorted(Object.keys(JOB_QUEUES)));
  });

  it.each(rows.map((cells) => [ticked(cells[0])[0] as JobName, cells]))(
    '%s: its handler file, policy, fairness and retries',
    (job, [, handler, policy, fair, retries]) => {
      const [file] = ticked(handler);
      expect(file).toMatch(new RegExp(`^src/.*/${job}\\.job\\.ts$`));
      expect(read(file)).toContain(`.handle('${job}'`);
      const q = JOB_QUEUES[job];
      expect([ticked(policy)[0], fair, retries]).toEqual([
        q.policy,
        q.fair ? 'yes' : 'no',
        String(q.retryLimit),
      ]);
    },
  );
});

/** Whether a table cell names `file` (`src/a/b.ts`, `b.ts`, or its folder `src/a`), or `name`. */
function position(cell: string, target: { name: string; file?: string }): number {
  const names = ticked(cell);
  const at = names.findIndex((n) => {
    if (!target.file) return n === target.name || n.startsWith(`${target.name}(`);
    const path = n.startsWith('src/') ? n : `src/${n}`;
    if (n.endsWith('.ts')) return target.file === path || target.file.endsWith(`/${n}`);
    return n.includes('/') && target.file.startsWith(`${path.replace(/\/$/, '')}/`);
  });
  return at < 0 ? -1 : cell.indexOf(`\`${names[at]}\``);
}

const target = (name: string) => ({ name, file: declaringFile(name) });

describe('docs/architecture.md: the request pipeline', () => {
  const rows = tableUnder(DOC, 'The request pipeline');
  const stage = (name: string): string => {
    const row = rows.find((cells) => cells[1] === name);
    if (!row) throw new Error(`no stage "${name}"`);
    return `${row[2]} ${row[3]}`;
  };
  const composition = read('src/composition.ts');
  const global = (token: string) =>
    [...composition.matchAll(/provide: (APP_\w+), use(?:Class|Factory): (\w+)/g)]
      .filter((m) => m[1] === token)
      .map((m) => target(m[2]));
  /** The names `Use<kind>(…)` applies anywhere in src/ (decorators and applyDecorators). */
  const routeLevel = (kind: 'Guards' | 'Interceptors' | 'Filters') => {
    const names = srcFiles().flatMap((file) =>
      read(file)
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/)/.test(line))
        .flatMap((line) => [...line.matchAll(new RegExp(`Use${kind}\\(([^)]*)\\)`, 'g'))])
        .flatMap((m) => m[1].split(',').map((a) => nameOf(a.trim()))),
    );
    return [...new Set(names)].map(target);
  };
  /** What of `targets` (none of them found would be a broken check) `cell` does not name. */
  const unnamed = (cell: string, targets: { name: string; file?: string }[]) => {
    expect(targets.length).toBeGreaterThan(0);
    return targets.filter((t) => position(cell, t) < 0).map((t) => t.file ?? t.name);
  };
  /** Where `cell` names each of `targets`: in their order, if they are named in it. */
  const positions = (cell: string, targets: { name: string; file?: string }[]) =>
    targets.map((t) => position(cell, t));
  const ascending = (at: number[]) => [...at].sort((a, b) => a - b);

  it('numbers the stages in the order Nest and Express run them', () => {
    expect(rows.map(([n]) => Number(n))).toEqual(rows.map((_, i) => i + 1));
    const order = [
      'Express middleware, one composed handler',
      'CORS',
      'Nest module middleware',
      'Routing',
      'Global guard',
      'Route guards',
      'JSON body',
      'Route interceptors',
      'Pipes',
      'Handler',
      'Exception filters',
      'Error responder',
    ];
    expect(rows.map(([, name]) => name)).toEqual(order);
  });

  it("names the composed Express middleware in configureApp's order", () => {
    const factory = read('src/app.factory.ts');
    const composed = callArguments(factory, 'compose(').map((a) => target(nameOf(a)));
    expect(composed.length).toBeGreaterThan(3);
    const cell = stage('Express middleware, one composed handler');
    expect(unnamed(cell, composed)).toEqual([]);
    expect(positions(cell, composed)).toEqual(ascending(positions(cell, composed)));
    expect(factory.indexOf('compose(')).toBeLessThan(factory.indexOf('enableCors('));
  });

  it('names every module that applies Nest middleware', () => {
    const modules = srcFiles().filter((f) =>
      /configure\(consumer: MiddlewareConsumer\)/.test(read(f)),
    );
    expect(modules.length).toBeGreaterThan(0);
    const cell = stage('Nest module middleware');
    expect(sorted(ticked(cell).filter((n) => n.endsWith('.module.ts')))).toEqual(sorted(modules));
  });

  it('names the global guard, the JSON body reader, the pipe and filter of the HTTP layer', () => {
    expect(unnamed(stage('Global guard'), global('APP_GUARD'))).toEqual([]);
    // No global interceptor (Nest would wrap every handler in observables): the body reader is
    // bound to the routes that take a body, at start-up.
    expect(global('APP_INTERCEPTOR')).toEqual([]);
    expect(composition).toMatch(/^\s*JsonBodyRoutes,$/m);
    const reader = [target('JsonBodyRoutes'), target('JsonBodyInterceptor')];
    expect(unnamed(stage('JSON body'), reader)).toEqual([]);
    expect(unnamed(stage('Pipes'), global('APP_PIPE'))).toEqual([]);
    expect(unnamed(stage('Exception filters'), global('APP_FILTER'))).toEqual([]);
  });

  it('names every route guard, route interceptor and route filter the source applies', () => {
    expect(unnamed(stage('Route guards'), routeLevel('Guards'))).toEqual([]);
    expect(unnamed(stage('Route interceptors'), routeLevel('Interceptors'))).toEqual([]);
    expect(unnamed(stage('Exception filters'), routeLevel('Filters'))).toEqual([]);
  });
});
