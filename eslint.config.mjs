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
];
const indexOnly = (modules) => [
  'error',
  {
    patterns: modules.map((module) => ({
      group: [`**/${module}/*`],
      message: `Import the ${module} module through its index (src/${module}).`,
    })),
  },
];

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
  ...MODULES.map((module) => ({
    files: [`src/${module}/**/*.ts`],
    rules: { 'no-restricted-imports': indexOnly(MODULES.filter((m) => m !== module)) },
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
