import { withDeadline } from './deadline';

describe('withDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers the promise when it settles in time, and leaves no timer behind', async () => {
    await expect(withDeadline(Promise.resolve(1), 100)).resolves.toBe(1);
    await expect(withDeadline(Promise.reject(new Error('no')), 100)).rejects.toThrow('no');
    expect(jest.getTimerCount()).toBe(0);
  });

  it("rejects with the caller's error past the deadline", async () => {
    const never = new Promise<number>(() => undefined);
    const late = withDeadline(never, 100, () => new Error('too slow'));
    jest.advanceTimersByTime(100);
    await expect(late).rejects.toThrow('too slow');
    const plain = withDeadline(never, 50);
    jest.advanceTimersByTime(50);
    await expect(plain).rejects.toThrow('timed out after 50 ms');
  });
});
