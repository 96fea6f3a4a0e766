import { SingleFlight } from './single-flight';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('shares one execution between concurrent calls of a key, and runs afresh afterwards', async () => {
    const flight = new SingleFlight<number>();
    let calls = 0;
    const gate = deferred<number>();
    const work = () => {
      calls++;
      return gate.promise;
    };
    const a = flight.run('k', work);
    const b = flight.run('k', work);
    const other = flight.run('other', () => Promise.resolve(2));
    gate.resolve(1);
    expect(await Promise.all([a, b, other])).toEqual([1, 1, 2]);
    expect(calls).toBe(1);
    expect(flight.size).toBe(0);
    await flight.run('k', () => Promise.resolve(calls++));
    expect(calls).toBe(2);
  });

  it('shares a failure too, and forgets it', async () => {
    const flight = new SingleFlight<number>();
    const gate = deferred<number>();
    const a = flight.run('k', () => gate.promise);
    const b = flight.run('k', () => Promise.resolve(5));
    gate.reject(new Error('render failed'));
    await expect(a).rejects.toThrow('render failed');
    await expect(b).rejects.toThrow('render failed');
    expect(await flight.run('k', () => Promise.resolve(5))).toBe(5);
  });
});
