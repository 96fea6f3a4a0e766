/** RecipeStatus of the spec. */
export enum RecipeStatus {
  Created = 'Created',
  Ordered = 'Ordered',
  Fulfilled = 'Fulfilled',
  Processing = 'Processing',
  ProcessingWebToPrintInitiated = 'ProcessingWebToPrintInitiated',
  ProcessingWebToPrintCompleted = 'ProcessingWebToPrintCompleted',
  ProcessingWebToPrintApproved = 'ProcessingWebToPrintApproved',
  OnHold = 'OnHold',
  ProcessingFailure = 'ProcessingFailure',
  ProcessingComplete = 'ProcessingComplete',
  Cancelled = 'Cancelled',
}

export const RECIPE_STATUSES: readonly string[] = Object.values(RecipeStatus);
