/**
 * Time budgets of the end-to-end tests, sized for the project's machines: 2 cores shared by two
 * Jest workers and other CPU-bound processes. A budget is a ceiling that only a hung test reaches:
 * what a test asserts never depends on it; a hang costs its budget once.
 *
 * Measured on that machine (2026-11-26): the CLI file's tests, with Jest at nice 10 beside two
 * CPU-bound processes and other engineers' test runs (load average 20), did not get through
 * `createTestApp` (copy of the PGlite template, PGlite start, Nest compile: a few seconds idle)
 * within 60 s; beside other work only (load 8–13) a built CLI process attached to the test
 * database took 1.5–3 s, 4–8 s more when it drew the demo catalog, one that creates its own
 * embedded data directory (initdb, migrations) 10–25 s, the built server's start-up up to 40 s.
 *
 * A test that runs child processes one after another gets 120 s plus 20 s per CLI process (45 s
 * when the process creates its own embedded data directory, 60 s for a built server's start-up),
 * written as a numeric literal after the test function (`}, 200_000);`) so that the formatter
 * keeps the test call as it is.
 */

/** Default test and hook timeout of the e2e project (test/setup/e2e-timeouts.ts): an app boot. */
export const E2E_TIMEOUT_MS = 120_000;

/**
 * One child process (the CLI, the built server's start-up) may take this long before it is
 * killed: beside a CPU-bound process and other test runs, `recipe-set create --product
 * demo-bottle` (drawing the demo catalog, its queries served by the Jest process's PGlite) did
 * not finish within 120 s, twice.
 */
export const CHILD_PROCESS_TIMEOUT_MS = 240_000;
