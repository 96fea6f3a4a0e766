import { WorkflowStatus } from '../orders';

/** One step of a scenario: a workflow status for every line item, or one shipment of them all. */
export type ScenarioStep = { kind: 'advance'; to: WorkflowStatus } | { kind: 'ship' };

const advance = (to: WorkflowStatus): ScenarioStep => ({ kind: 'advance', to });
const ship: ScenarioStep = { kind: 'ship' };

/**
 * The lifecycles POST /api/sandbox/orders/{po}/run plays on every line item of an order, one step
 * every SANDBOX_STEP_SECONDS: what a factory's workflow sends in production.
 */
export const SCENARIOS = {
  'happy-path': [
    advance(WorkflowStatus.InProgress),
    advance(WorkflowStatus.Completed),
    ship,
    advance(WorkflowStatus.Delivered),
  ],
  'with-revision': [
    advance(WorkflowStatus.UserProofRequested),
    advance(WorkflowStatus.Revision),
    advance(WorkflowStatus.Approved),
    advance(WorkflowStatus.InProgress),
    advance(WorkflowStatus.Completed),
    ship,
    advance(WorkflowStatus.Delivered),
  ],
  cancelled: [
    advance(WorkflowStatus.InProgress),
    advance(WorkflowStatus.OnHold),
    advance(WorkflowStatus.Cancelled),
  ],
} satisfies Record<string, ScenarioStep[]>;

export type ScenarioName = keyof typeof SCENARIOS;

export function isScenario(name: string): name is ScenarioName {
  return Object.prototype.hasOwnProperty.call(SCENARIOS, name);
}

/** A step as the answer lists it: `advance in-progress`, `ship`. */
export function describeStep(step: ScenarioStep): string {
  return step.kind === 'advance' ? `advance ${step.to}` : 'ship';
}
