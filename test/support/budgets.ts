/**
 * Time budgets of the end-to-end tests, sized for the project's machines: 2 cores shared by two
 * Jest workers and, at times, another CPU-bound process, so that one test process gets about a
 * third of a core at worst, three times slower than on an idle machine. A budget is a ceiling
 * that only a hung test reaches: what a test asserts never depends on it.
 *
 * Measured on that machine while loaded by other work: a built CLI process attached to a running
 * test database takes 1.5–3 s, 4–8 s more when it draws the demo catalog; one that creates its
 * own embedded data directory (initdb, migrations) 10–25 s; the built server's start-up on a
 * fresh data directory up to 40 s.
 *
 * A test that runs child processes one after another gets 60 s plus 15 s per CLI process (30 s
 * when the process creates its own embedded data directory, 45 s for a built server's start-up),
 * written as a numeric literal after the test function (`}, 120_000);`) so that the formatter
 * keeps the test call as it is.
 */

/** Default test and hook timeout of the e2e project (test/setup/e2e-timeouts.ts): an app boot. */
export const E2E_TIMEOUT_MS = 60_000;

/** One child process (the CLI, the built server's start-up) may take this long before it is killed. */
export const CHILD_PROCESS_TIMEOUT_MS = 120_000;
