const { availableParallelism } = require('node:os');

/** Unit tests live beside the code (*.spec.ts); end-to-end tests in test/ (*.e2e-spec.ts). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Each file's CPU time, with JEST_CPU_LOG set (test/setup/cpu-record.ts).
const CPU_RECORD = '<rootDir>/test/setup/cpu-record.ts';

const common = {
  setupFilesAfterEnv: [CPU_RECORD],
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  // A dynamic import() of a relative path names the built file (`./x.js`, as Node needs it):
  // under Jest that is the TypeScript source beside it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // NestJS 12 packages are ESM-only: let swc turn them into CommonJS for Jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|load-esm|uid|strtok3|token-types|@tokenizer|uint8array-extras)/)',
  ],
};

module.exports = {
  // A ceiling only a hung test reaches (unit tests that draw PDFs and images in worker threads
  // took over 30 s on a 2-core machine running two other test runs); the e2e project's budgets
  // are in test/support/budgets.ts. Jest reads this option globally.
  testTimeout: 120000,
  // At least two workers: with one (Jest's default on a 2-core machine) every file runs in
  // Jest's own process, where what each e2e app leaves behind piles up until the heap runs out.
  // A worker that has grown past 1 GB is replaced between files.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/test/setup/unit-teardown.ts', CPU_RECORD],
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        '<rootDir>/test/support/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      // Each file boots the real app as the e2e files do, beside the benchmark smoke runs in CI:
      // the e2e budgets (test/support/budgets.ts), not the global 30 s.
      setupFilesAfterEnv: ['<rootDir>/test/setup/e2e-timeouts.ts', CPU_RECORD],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
    {
      // Fault tests start their own PostgreSQL, Redis and API processes and break them
      // (npm run test:faults; not part of npm test).
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
    },
    {
      // The compose topology as local processes (two APIs behind a round-robin proxy, two
      // workers, PostgreSQL, Redis, S3) driven through the proxy (npm run test:topology; not part
      // of npm test).
      ...common,
      displayName: 'topology',
      testMatch: ['<rootDir>/test/topology/**/*.topology-spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // 120 s per test and hook instead of the global 30 s: see test/support/budgets.ts.
      setupFilesAfterEnv: ['<rootDir>/test/setup/e2e-timeouts.ts', CPU_RECORD],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
