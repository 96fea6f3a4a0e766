/**
 * The print-file failure a sandbox client's input asks for (docs/api/sandbox.md), so that a
 * partner's test suite can rely on it. Live recipe sets never see it.
 */

/**
 * A sandbox recipe set whose readable id starts with this fails its print files for good. The
 * service never draws such an id itself (its readable ids have no `I`); a sandbox client chooses
 * one with `readableId` when it creates the recipe set.
 */
export const PRINT_FAILURE_PREFIX = 'FAIL';

/** The reason a print-file run of a FAIL… recipe set gives. */
export const PRINT_FAILURE_REASON =
  'Sandbox: recipe sets whose readable id starts with FAIL fail their print files.';

/** Whether this recipe set's print files must fail. */
export function printFilesFailByInput(sandbox: boolean, readableId: string): boolean {
  return sandbox && readableId.toUpperCase().startsWith(PRINT_FAILURE_PREFIX);
}
