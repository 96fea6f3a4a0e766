import { RecipeStatus } from '../recipe-sets';
/** Enumerations of the Orders area of the spec. */

export enum WorkflowStatus {
  NotStarted = 'not-started',
  UserProofRequested = 'user-proof-requested',
  InProgress = 'in-progress',
  InProgressStep1 = 'in-progress-step-1',
  Completed = 'completed',
  Revision = 'revision',
  OnHold = 'on-hold',
  Approved = 'approved',
  Released = 'released',
  Delivered = 'delivered',
  Cancelled = 'cancelled',
}
export const WORKFLOW_STATUSES: readonly string[] = Object.values(WorkflowStatus);

/** `in-progress` and its steps: the first of these starts production. */
export function isInProgress(status: WorkflowStatus): boolean {
  return status.startsWith('in-progress');
}

export enum ProofStatus {
  Requested = 'Requested',
  Fulfilled = 'Fulfilled',
}
export const PROOF_STATUSES: readonly string[] = Object.values(ProofStatus);

/** ProofStatusCode: 1 = Requested, 2 = Fulfilled. */
export const PROOF_STATUS_CODES: Record<string, number> = { Requested: 1, Fulfilled: 2 };

export enum FulfillmentType {
  DirectToConsumer = 'DirectToConsumer',
  BusinessToBusiness = 'BusinessToBusiness',
  Kiosk = 'Kiosk',
}
export const FULFILLMENT_TYPES: readonly string[] = Object.values(FulfillmentType);

/** Priority: 0 = Lowest … 4 = Highest; partners send the lower-case words too. */
export const PRIORITY_CODES: Record<string, number> = {
  Lowest: 0,
  Lower: 1,
  Normal: 2,
  Higher: 3,
  Highest: 4,
};
export const DEFAULT_PRIORITY = 2;

/**
 * The recipe-set status a line item's workflow status moves its recipe set to (docs/design.md §9);
 * undefined for the statuses that leave it where it is.
 */
export const RECIPE_STATUS_OF_WORKFLOW: Partial<Record<WorkflowStatus, RecipeStatus>> = {
  [WorkflowStatus.OnHold]: RecipeStatus.OnHold,
  [WorkflowStatus.Cancelled]: RecipeStatus.Cancelled,
  [WorkflowStatus.Approved]: RecipeStatus.ProcessingWebToPrintApproved,
  [WorkflowStatus.InProgress]: RecipeStatus.Processing,
  [WorkflowStatus.InProgressStep1]: RecipeStatus.Processing,
  [WorkflowStatus.Completed]: RecipeStatus.ProcessingComplete,
  [WorkflowStatus.Delivered]: RecipeStatus.Fulfilled,
};
