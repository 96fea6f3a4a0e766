import { WorkflowStatus } from '../orders';
import { describeStep, isScenario, SCENARIOS } from './scenarios';

describe('sandbox scenarios', () => {
  it('end where their names say, shipping before delivery', () => {
    const last = (name: keyof typeof SCENARIOS) => SCENARIOS[name][SCENARIOS[name].length - 1];
    expect(last('happy-path')).toEqual({ kind: 'advance', to: WorkflowStatus.Delivered });
    expect(last('with-revision')).toEqual({ kind: 'advance', to: WorkflowStatus.Delivered });
    expect(last('cancelled')).toEqual({ kind: 'advance', to: WorkflowStatus.Cancelled });
    for (const steps of Object.values(SCENARIOS)) {
      const shipped = steps.findIndex((s) => s.kind === 'ship');
      const delivered = steps.findIndex(
        (s) => s.kind === 'advance' && s.to === WorkflowStatus.Delivered,
      );
      if (delivered >= 0) expect(shipped).toBeGreaterThanOrEqual(0);
      if (delivered >= 0) expect(shipped).toBeLessThan(delivered);
    }
    expect(SCENARIOS['with-revision'].map(describeStep)).toContain('advance revision');
  });

  it('knows its names only (no prototype keys)', () => {
    expect(isScenario('happy-path')).toBe(true);
    expect(isScenario('toString')).toBe(false);
    expect(isScenario('sad-path')).toBe(false);
  });
});
