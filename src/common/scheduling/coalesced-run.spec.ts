import { CoalescedRun } from './coalesced-run';

describe('CoalescedRun', () => {
  it('runs once more after the current run for any number of calls made meanwhile', async () => {
    let runs = 0;
    let release!: () => void;
    const flight = new CoalescedRun(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((r) => (release = r));
      },
      () => undefined,
    );
    const first = flight.run();
    const second = flight.run();
    const third = flight.run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    expect(runs).toBe(2);
  });

  it('reports a failure and runs again on the next call', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let runs = 0;
    const flight = new CoalescedRun(
      () => {
        runs += 1;
        return fail ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      (err) => errors.push(err),
    );
    await flight.run();
    fail = false;
    await flight.run();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await expect(flight.settled()).resolves.toBeUndefined();
  });
});
