import { E2E_TIMEOUT_MS } from '../support/budgets';

// Every e2e test file boots the real app on a database cloned for it (PGlite: copy, start,
// Nest compile) in beforeAll: seconds on an idle machine, over a minute on a loaded one
// (test/support/budgets.ts).
jest.setTimeout(E2E_TIMEOUT_MS);
