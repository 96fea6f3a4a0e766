// @ts-check
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
];
/**
 * Folders with a subfolder named like a module (src/common/metrics, src/catalog/demo). An import
 * names a module's folder right after its `./`, `../` and `src/` steps, so `../common/metrics/…`
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
  {
    files: ['test/**/*.ts', '**/*.spec.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
