/**
 * The acknowledgement's sandbox rule (docs/api/sandbox.md): a sandbox client's purchase order
 * number ending in {@link CONFLICT_SUFFIX} is answered as already submitted (409), so that a
 * partner's test suite can rely on that answer. Live clients never see it.
 */

/** A sandbox purchase order number ending in this is acknowledged as already submitted (409). */
export const CONFLICT_SUFFIX = '-409';

/** Whether acknowledging this purchase order number must answer as already submitted. */
export function acknowledgedAsDuplicate(sandbox: boolean, purchaseOrderNumber: string): boolean {
  return sandbox && purchaseOrderNumber.endsWith(CONFLICT_SUFFIX);
}
