// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Feature modules that other code imports only through their index.ts. */
const MODULES = [
  'recipe-sets',
  'catalog',
  'assets',
  'fonts',
  'render',
  'saved-assets',
  'imagegen',
  'moderation',
  'webhooks',
  'plans',
  'share',
  'availability',
  'clients',
  'users',
  'orders',
  'web-to-print',
  'log-entries',
  'metrics',
  'health',
  'demo',
  'sandbox',
  'messages',
  'console',
];
/**
 * Folders with a subfolder named like a module (src/common/metrics, src/catalog/demo). An import names a module's folder right after its `./`, `../` and `src/` steps, so `../common/metrics/…`
 * is not the metrics module; but their own files' `../metrics/…` and `./demo/…` read like the
 * module's, so that module's rule is left out for their files.
 */
const NAMESAKES = { common: ['metrics'], catalog: ['demo'] };
const indexOnly = (modules) => [
  'error',
  {
    patterns: modules.map((module) => ({
      regex: `^(\\.\\.?/)+(src/)?${module}/`,
      message: `Import the ${module} module through its index (src/${module}).`,
    })),
  },
];
/** The modules the files of `folder` must import through their index. */
const outside = (folder) =>
  MODULES.filter((m) => m !== folder && !(NAMESAKES[folder] ?? []).includes(m));

/**
 * src/common is the bottom layer: it imports only src/common and packages. An import that climbs
 * out of it (to a feature, config, database, metrics…) is an error, whatever the file's depth
 * under src/common (`depth` folders); spec files may still use the helpers in test/support.
 */
const COMMON_DEPTHS = [0, 1, 2, 3];
const climbingOutOfCommon = (depth, spec) => ({
  regex: `^(\\.\\./){${depth + 1}}${spec ? '(?!\\.\\./test/support/)' : ''}`,
  message:
    'src/common imports only src/common and packages: move the code to the layer it needs, or declare an interface or injection token in src/common that the layer above provides (as CommonSettings, LogEntryRecorder, EventRecorder).',
});

/**
 * The floors of src/common, lowest first: a folder imports only folders of lower floors (and its
 * own files), so src/common has no import cycle. A new folder takes the floor above the highest
 * one it imports; a folder missing here fails the lint (below).
 */
const COMMON_LAYERS = [
  ['clock', 'compression', 'errors', 'events', 'files', 'pages', 'persistence', 'settings'],
  ['crypto', 'logging', 'metrics', 'openapi'],
  ['auth', 'jobs', 'scheduling'],
  ['http', 'idempotency', 'redis', 'validation'],
  ['caching', 'process', 'rate-limits', 'storage'],
  ['workers'],
  ['images'],
  ['pdf'],
];
const floorOf = new Map(COMMON_LAYERS.flatMap((folders, floor) => folders.map((f) => [f, floor])));
const unplaced = readdirSync(new URL('./src/common', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !floorOf.has(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0)
  throw new Error(
    `eslint.config.mjs: give src/common/${unplaced.join(', src/common/')} a floor in COMMON_LAYERS`,
  );
/** Imports from a file `depth` folders below src/common/<folder> of the folders on its floor or above. */
const notBelow = (folder, depth) =>
  [...floorOf]
    .filter(([other, floor]) => other !== folder && floor >= floorOf.get(folder))
    .map(([other, floor]) => ({
      regex: `^(\\.\\./){${depth}}${other}(/|$)`,
      message: `src/common/${folder} (floor ${floorOf.get(folder)} of COMMON_LAYERS in eslint.config.mjs) imports only lower floors, and src/common/${other} is on floor ${floor}: move the code down, or declare an interface below that the upper floor provides.`,
    }));
const commonOnly = (folder, depth, spec) => {
  const [level, { patterns }] = indexOnly(outside('common'));
  return [
    level,
    {
      patterns: [
        ...patterns,
        climbingOutOfCommon(depth, spec),
        ...(folder ? notBelow(folder, depth) : []),
      ],
    },
  ];
};

/**
 * Infrastructure libraries each imported by one file, through which the rest of src/ uses them:
 * the library's name and that file.
 */
const WRAPPED_LIBRARIES = {
  sharp: 'src/common/images/sharp.ts',
  'prom-client': 'src/common/metrics/prom-client.ts',
  ioredis: 'src/common/redis/ioredis.ts',
  'opentype.js': 'src/fonts/opentype.ts',
  'libphonenumber-js': 'src/common/validation/phone-numbers.ts',
};
/** The wrapped libraries but `except`, as `@typescript-eslint/no-restricted-imports` options. */
const wrappedOnly = (except) => [
  'error',
  {
    paths: Object.entries(WRAPPED_LIBRARIES)
      .filter(([name]) => name !== except)
      .map(([name, file]) => ({
        name,
        message: `Import ${name} through ${file}, the one file that imports it (spec files may import it directly for fixtures).`,
      })),
  },
];

/**
 * The database is reached in repositories only (`*.repository.ts`): the unit of work's manager
 * and TypeORM's data source, entity manager, repositories and query runners are used nowhere
 * else in src/, so a service reads as what it does and its queries are in one place. The
 * persistence layer itself (src/database, src/common/persistence) and the CLI's migration commands
 * are where those live.
 */
const DATABASE_HANDLES = {
  typeorm: new Set([
    'DataSource',
    'EntityManager',
    'Repository',
    'QueryRunner',
    'SelectQueryBuilder',
  ]),
  '@nestjs/typeorm': new Set(['InjectRepository', 'InjectDataSource', 'InjectEntityManager']),
};
const databaseInRepositories = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      handle:
        '{{name}} of {{source}} is for repositories (*.repository.ts): move the query into the repository of the table it reads, and call that.',
      manager:
        "The unit of work's manager is for repositories (*.repository.ts): move the query into the repository of the table it reads, and call that.",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const names = DATABASE_HANDLES[node.source.value];
        for (const s of node.specifiers)
          if (names && s.type === 'ImportSpecifier' && names.has(s.imported.name))
            context.report({
              node: s,
              messageId: 'handle',
              data: { name: s.imported.name, source: node.source.value },
            });
      },
      MemberExpression(node) {
        if (
          !node.computed &&
          node.property.type === 'Identifier' &&
          node.property.name === 'manager'
        )
          context.report({ node, messageId: 'manager' });
      },
    };
  },
};

/**
 * The tables each folder of src/ owns (a feature module, or src/common/<folder>), read from its
 * entities when the config loads (a line starting `@Entity(` in a file of src/, not a spec file),
 * so a new entity is covered without editing this file: `@Entity({ name: '…' })`, `@Entity('…')`,
 * or `@Entity({ name: X_TABLE })` with `export const X_TABLE = '…'` in the same file. An entity
 * whose table cannot be read that way fails here.
 */
const SRC = new URL('./src/', import.meta.url);
const ownerOf = (file) => {
  const [top, sub] = file.split('/');
  return top === 'common' ? `common/${sub}` : top;
};
const TABLE_OWNERS = new Map();
for (const file of readdirSync(SRC, { recursive: true })) {
  if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
  const text = readFileSync(new URL(file, SRC), 'utf8');
  if (!text.includes('@Entity(')) continue;
  const constants = new Map(
    [...text.matchAll(/\bconst\s+(\w+)\s*=\s*'([^']+)'/g)].map(([, name, value]) => [name, value]),
  );
  const entities = [...text.matchAll(/^\s*@Entity\(([^)]*)\)/gm)].map(([, args]) => {
    const named = /^\s*(?:'([^']+)'|\{[^}]*\bname:\s*(?:'([^']+)'|(\w+))[^}]*\})\s*$/.exec(args);
    const table = named && (named[1] ?? named[2] ?? constants.get(named[3]));
    if (!table)
      throw new Error(
        `eslint.config.mjs: cannot read the table of @Entity(${args}) in src/${file}: write @Entity({ name: '…' }), or a const of that file`,
      );
    return table;
  });
  for (const table of entities) {
    const owner = ownerOf(file);
    if (TABLE_OWNERS.has(table) && TABLE_OWNERS.get(table) !== owner)
      throw new Error(`eslint.config.mjs: the table ${table} has two owners`);
    TABLE_OWNERS.set(table, owner);
  }
}
if (TABLE_OWNERS.size === 0) throw new Error('eslint.config.mjs: no @Entity found under src/');
/**
 * A table's name where SQL names a table: after FROM, JOIN, UPDATE, INTO, TABLE, TRUNCATE or
 * REFERENCES (any case, optionally quoted or in schema public), not followed by a word character,
 * dot or hyphen. The keyword is what tells SQL from English: "product" and "event" are tables and
 * words of messages and descriptions; "recipe_set.status_changed" is an event type. English such
 * as "removed from product" would still match: reword it.
 */
const tableInSql = (table) =>
  `\\b(FROM|JOIN|UPDATE|INTO|TABLE|TRUNCATE|REFERENCES)\\s+(ONLY\\s+)?("?public"?\\.)?"?${table}(?![\\w.-])`;
/** TypeORM calls whose first argument names a table (or entity) as a string. */
const TABLE_CALLS =
  '^(from|into|update|insert|delete|getRepository|(inner|left)Join(AndSelect|AndMapOne|AndMapMany)?)$';
/**
 * `no-restricted-syntax` options forbidding, in strings, template literals and TypeORM calls, the
 * tables of every folder but `owner`.
 */
const foreignTables = (owner) => [
  'error',
  ...[...TABLE_OWNERS]
    .filter(([, by]) => by !== owner)
    .flatMap(([table, by]) => {
      const constant = `${table.toUpperCase()}_TABLE`;
      const message = `SQL names the table ${table} of src/${by}: import its name from there (${constant}, declared beside its entity and exported by the module; add it if missing) or a query the module exports, or ask its service, so that the dependency shows in imports.`;
      return [
        { selector: `Literal[value=/${tableInSql(table)}/i]`, message },
        { selector: `TemplateElement[value.raw=/${tableInSql(table)}/i]`, message },
        {
          selector: `CallExpression[callee.property.name=/${TABLE_CALLS}/][arguments.0.value="${table}"]`,
          message,
        },
      ];
    }),
];
const NOT_SQL_CHECKED = ['src/**/*.spec.ts', 'src/database/migrations/**'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'eslint.config.mjs',
      // A partner's program, type-checked against the generated client types (typed-client:check).
      'scripts/typed-client/**',
      // The console's client types, generated from openapi.json by its build.
      'console/src/api/schema.d.ts',
      'console/node_modules/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Modules meet only through what they export: a feature folder's index.ts. Inside a module its
  // own files are free to import each other (a later block replaces the rule for them).
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': indexOnly(MODULES) },
  },
  // common/ is no module: it has a block of its own for its namesake of metrics (NAMESAKES).
  ...[...MODULES, 'common'].map((folder) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': indexOnly(outside(folder)) },
  })),
  // src/common imports nothing above it, and each of its folders only the floors below its own
  // (replaces the module rule above for its files, keeping it).
  ...[undefined, ...floorOf.keys()].flatMap((folder) =>
    COMMON_DEPTHS.filter((depth) => (folder ? depth > 0 : depth === 0)).flatMap((depth) => {
      const files = `src/common/${folder ? `${folder}/${'*/'.repeat(depth - 1)}` : ''}`;
      return [
        {
          files: [`${files}*.ts`],
          rules: { 'no-restricted-imports': commonOnly(folder, depth, false) },
        },
        {
          files: [`${files}*.spec.ts`],
          rules: { 'no-restricted-imports': commonOnly(folder, depth, true) },
        },
      ];
    }),
  ),
  // Database access in repositories only (databaseInRepositories).
  {
    files: ['src/**/*.ts'],
    ignores: [
      'src/**/*.repository.ts',
      'src/**/*.spec.ts',
      'src/database/**',
      'src/common/persistence/**',
      'src/cli/context.ts',
      'src/cli/migrate-commands.ts',
    ],
    plugins: { project: { rules: { 'database-in-repositories': databaseInRepositories } } },
    rules: { 'project/database-in-repositories': 'error' },
  },
  // One file per infrastructure library (WRAPPED_LIBRARIES). A separate rule from the one above,
  // so that the two restrictions do not replace each other's options.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': wrappedOnly(undefined) },
  },
  ...Object.entries(WRAPPED_LIBRARIES).map(([name, file]) => ({
    files: [file],
    rules: { '@typescript-eslint/no-restricted-imports': wrappedOnly(name) },
  })),
  // No module writes another's table name in SQL: it imports the name (or a query) from the
  // owner's index, so the dependency shows. Each owner's block replaces the first block's options
  // for its files. `no-restricted-syntax` serves this alone: a later block setting it for other
  // reasons would replace these options.
  // Migrations (they write every table) and spec files (fixtures) are not checked.
  {
    files: ['src/**/*.ts'],
    ignores: NOT_SQL_CHECKED,
    rules: { 'no-restricted-syntax': foreignTables(undefined) },
  },
  ...[...new Set(TABLE_OWNERS.values())].map((owner) => ({
    files: [`src/${owner}/**/*.ts`],
    ignores: NOT_SQL_CHECKED,
    rules: { 'no-restricted-syntax': foreignTables(owner) },
  })),
  {
    files: ['test/**/*.ts', '**/*.spec.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  // The console (console/, a React app in the browser): TanStack Router's redirects are thrown.
  {
    files: ['console/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
);
