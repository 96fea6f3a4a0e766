import { describeAnswer, verdict } from './delivery-policy';

const SCHEDULE = [0, 5, 300, 1800];
const mid = () => 0.5; // no jitter

describe('verdict (what follows a delivery attempt)', () => {
  it('ends on any 2xx', () => {
    for (const status of [200, 201, 204, 299])
      expect(verdict(SCHEDULE, 1, { status, retryAfterSeconds: null })).toEqual({
        kind: 'succeeded',
      });
  });

  it('retries on the schedule: the delay before the next attempt', () => {
    expect(verdict(SCHEDULE, 1, { status: 500, retryAfterSeconds: null }, mid)).toEqual({
      kind: 'retry',
      delaySeconds: 5,
    });
    expect(verdict(SCHEDULE, 3, { status: null, retryAfterSeconds: null }, mid)).toEqual({
      kind: 'retry',
      delaySeconds: 1800,
    });
  });

  it('jitters the delay by at most 10 % either way', () => {
    const low = verdict(SCHEDULE, 2, { status: 503, retryAfterSeconds: null }, () => 0);
    const high = verdict(SCHEDULE, 2, { status: 503, retryAfterSeconds: null }, () => 0.999999);
    expect(low).toEqual({ kind: 'retry', delaySeconds: 270 });
    expect(high.kind === 'retry' && high.delaySeconds).toBeCloseTo(330, 3);
  });

  it('waits for a later Retry-After, never retries earlier than the schedule, caps it at a day', () => {
    const later = verdict(SCHEDULE, 1, { status: 429, retryAfterSeconds: 120 }, mid);
    expect(later).toEqual({ kind: 'retry', delaySeconds: 120 });
    const sooner = verdict(SCHEDULE, 2, { status: 429, retryAfterSeconds: 1 }, mid);
    expect(sooner).toEqual({ kind: 'retry', delaySeconds: 300 });
    const huge = verdict(SCHEDULE, 1, { status: 503, retryAfterSeconds: 10 ** 9 }, mid);
    expect(huge).toEqual({ kind: 'retry', delaySeconds: 86_400 });
  });

  it('is exhausted after the last attempt of the schedule, and gone on 410 at once', () => {
    expect(verdict(SCHEDULE, 4, { status: 500, retryAfterSeconds: null })).toEqual({
      kind: 'exhausted',
    });
    expect(verdict(SCHEDULE, 1, { status: 410, retryAfterSeconds: null })).toEqual({
      kind: 'gone',
    });
  });

  it('walks the whole schedule: each failure waits the next delay, the last one ends it', () => {
    const failed = { status: 503, retryAfterSeconds: null };
    const after = [1, 2, 3, 4].map((n) => verdict(SCHEDULE, n, failed, mid));
    expect(after).toEqual([
      { kind: 'retry', delaySeconds: 5 },
      { kind: 'retry', delaySeconds: 300 },
      { kind: 'retry', delaySeconds: 1800 },
      { kind: 'exhausted' },
    ]);
    // A schedule of one attempt never retries; a Retry-After does not extend the schedule.
    expect(verdict([0], 1, failed)).toEqual({ kind: 'exhausted' });
    expect(verdict(SCHEDULE, 4, { status: 429, retryAfterSeconds: 60 })).toEqual({
      kind: 'exhausted',
    });
  });

  it('counts a redirect as a failure', () => {
    expect(verdict(SCHEDULE, 1, { status: 302, retryAfterSeconds: null }, mid)).toEqual({
      kind: 'retry',
      delaySeconds: 5,
    });
  });
});

describe('describeAnswer', () => {
  it('names the status, a redirect, and the start of the body on one line', () => {
    expect(describeAnswer(503, 'busy\n  try later')).toBe('HTTP 503: busy try later');
    expect(describeAnswer(302, '')).toBe('HTTP 302 (redirects are not followed)');
    expect(describeAnswer(500, 'x'.repeat(500))).toHaveLength('HTTP 500: '.length + 200);
  });
});
