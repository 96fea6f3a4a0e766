import { planBlobAnswer } from './blob-answer';

const ETAG = `"${'a'.repeat(40)}"`;
const plan = (headers: Record<string, string>, size = 1000) => planBlobAnswer(size, ETAG, headers);

describe('planBlobAnswer', () => {
  it('answers the whole blob without conditions or ranges', () => {
    expect(plan({})).toEqual({ status: 200 });
  });

  it('answers 304 when If-None-Match names the ETag (weakly compared) or is *', () => {
    for (const header of [ETAG, `W/${ETAG}`, `"other", ${ETAG}`, '*', ` ${ETAG} `]) {
      expect(plan({ 'if-none-match': header })).toEqual({ status: 304 });
    }
    expect(plan({ 'if-none-match': '"other"' })).toEqual({ status: 200 });
    expect(plan({ 'if-none-match': ETAG, range: 'bytes=0-9' })).toEqual({ status: 304 });
    expect(plan({ 'if-none-match': '"other"', range: 'bytes=0-9' })).toMatchObject({
      status: 206,
    });
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=10-19', 10, 19],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=500-5000', 500, 999],
    ['bytes=0-4,5-9', 0, 9], // adjacent ranges merge into one
    ['bytes=0-9,5-14', 0, 14],
  ])('answers %s with 206 for bytes %i-%i', (range, start, end) => {
    expect(plan({ range })).toEqual({ status: 206, range: { start, end } });
  });

  it('answers several disjoint ranges with the whole blob', () => {
    expect(plan({ range: 'bytes=0-9,100-109' })).toEqual({ status: 200 });
  });

  it('answers 416 when no byte of the range exists', () => {
    expect(plan({ range: 'bytes=1000-' })).toEqual({ status: 416 });
    expect(plan({ range: 'bytes=2000-3000' })).toEqual({ status: 416 });
    expect(plan({ range: 'bytes=0-0' }, 0)).toEqual({ status: 416 });
  });

  it('ignores a malformed or foreign-unit Range', () => {
    for (const range of ['bytes=abc', 'bytes', 'items=0-9', '0-9', 'bytes=-']) {
      expect(plan({ range })).toEqual({ status: 200 });
    }
  });

  it('keeps the range under If-Range only for our ETag', () => {
    expect(plan({ range: 'bytes=0-9', 'if-range': ETAG })).toMatchObject({ status: 206 });
    expect(plan({ range: 'bytes=0-9', 'if-range': '"other"' })).toEqual({ status: 200 });
    expect(plan({ range: 'bytes=0-9', 'if-range': `W/${ETAG}` })).toEqual({ status: 200 });
    expect(plan({ range: 'bytes=0-9', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' })).toEqual({
      status: 200,
    });
  });
});
