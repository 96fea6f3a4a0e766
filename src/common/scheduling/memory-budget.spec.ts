import { MemoryBudget } from './memory-budget';

/** A task that runs until `finish` is called, recording when it started. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('MemoryBudget', () => {
  it('runs tasks together while their bytes fit, and holds the rest until bytes are given back', async () => {
    const budget = new MemoryBudget(100);
    const log: string[] = [];
    const [a, b, c] = [held(log, 'a'), held(log, 'b'), held(log, 'c')];
    const runs = [budget.run(40, a.task), budget.run(50, b.task), budget.run(30, c.task)];
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(budget.load).toEqual({ used: 90, waiting: 1 });
    a.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(budget.load).toEqual({ used: 80, waiting: 0 });
    b.finish();
    c.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);
    expect(budget.load).toEqual({ used: 0, waiting: 0 });
  });

  it('runs a task larger than the whole budget alone, never refusing it', async () => {
    const budget = new MemoryBudget(100);
    const log: string[] = [];
    const [small, huge, after] = [held(log, 'small'), held(log, 'huge'), held(log, 'after')];
    const runs = [budget.run(10, small.task), budget.run(5_000, huge.task)];
    await settle();
    expect(log).toEqual(['small']);
    small.finish();
    await settle();
    expect(log).toEqual(['small', 'huge']);
    expect(budget.load.used).toBe(100);
    runs.push(budget.run(1, after.task));
    await settle();
    expect(log).toEqual(['small', 'huge']);
    huge.finish();
    await settle();
    expect(log).toEqual(['small', 'huge', 'after']);
    after.finish();
    await Promise.all(runs);
  });

  it('starts waiting tasks in arrival order: a large one is not overtaken by later small ones', async () => {
    const budget = new MemoryBudget(100);
    const log: string[] = [];
    const first = held(log, 'first');
    const large = held(log, 'large');
    const small = held(log, 'small');
    const runs = [
      budget.run(60, first.task),
      budget.run(80, large.task),
      budget.run(10, small.task),
    ];
    await settle();
    expect(log).toEqual(['first']);
    first.finish();
    await settle();
    expect(log).toEqual(['first', 'large', 'small']);
    large.finish();
    small.finish();
    await Promise.all(runs);
  });

  it('gives the bytes back when a task fails', async () => {
    const budget = new MemoryBudget(100);
    await expect(budget.run(100, () => Promise.reject(new Error('decode failed')))).rejects.toThrow(
      'decode failed',
    );
    expect(budget.load).toEqual({ used: 0, waiting: 0 });
    await expect(budget.run(100, () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('starts tasks under unweighedBelow at once, beside a full budget and a queue', async () => {
    const budget = new MemoryBudget(100, 10);
    const log: string[] = [];
    const [huge, waiting, thumb] = [held(log, 'huge'), held(log, 'waiting'), held(log, 'thumb')];
    const runs = [budget.run(500, huge.task), budget.run(50, waiting.task)];
    runs.push(budget.run(9, thumb.task));
    await settle();
    expect(log.sort()).toEqual(['huge', 'thumb']);
    expect(budget.load).toEqual({ used: 100, waiting: 1 });
    thumb.finish();
    await settle();
    // It held nothing, so its end starts nothing.
    expect(budget.load).toEqual({ used: 100, waiting: 1 });
    huge.finish();
    await settle();
    expect(log).toEqual(['huge', 'thumb', 'waiting']);
    waiting.finish();
    await Promise.all(runs);
    expect(budget.load).toEqual({ used: 0, waiting: 0 });
  });

  it('weighs a task of exactly unweighedBelow bytes', async () => {
    const budget = new MemoryBudget(100, 10);
    const log: string[] = [];
    const [full, edge] = [held(log, 'full'), held(log, 'edge')];
    const runs = [budget.run(100, full.task), budget.run(10, edge.task)];
    await settle();
    expect(log).toEqual(['full']);
    full.finish();
    await settle();
    expect(log).toEqual(['full', 'edge']);
    edge.finish();
    await Promise.all(runs);
  });
});
