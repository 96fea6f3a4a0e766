import { breakerOpenUntil, breakerState, MAX_OPEN_SECONDS } from './circuit-breaker';

describe('circuit breaker', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const s = { failures: 5, openSeconds: 30 };
  const openFor = (failures: number) => {
    const until = breakerOpenUntil(s, failures, at);
    return until && (until.getTime() - at.getTime()) / 1000;
  };

  it('stays closed below the failures in a row that open it', () => {
    expect([1, 2, 3, 4].map(openFor)).toEqual([null, null, null, null]);
  });

  it('opens for openSeconds, doubled for every further `failures` failures, up to MAX_OPEN_SECONDS', () => {
    expect([5, 9, 10, 15, 20, 25].map(openFor)).toEqual([30, 30, 60, 120, 240, 480]);
    expect(openFor(30)).toBe(MAX_OPEN_SECONDS);
    expect(openFor(10_000)).toBe(MAX_OPEN_SECONDS);
    // Configured longer than the cap: that long, never shorter.
    const long = breakerOpenUntil({ failures: 1, openSeconds: 3600 }, 50, at)!;
    expect((long.getTime() - at.getTime()) / 1000).toBe(3600);
  });

  it('is open until its time, half-open after it, closed without one', () => {
    expect(breakerState(null, at)).toBe('closed');
    expect(breakerState(new Date(at.getTime() + 1), at)).toBe('open');
    expect(breakerState(at, at)).toBe('half-open');
  });
});
