import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

const nested = (n: number) => Buffer.from(`${'['.repeat(n)}1${']'.repeat(n)}`);

describe('jsonDepthExceeds', () => {
  it('allows the limit and refuses one level more', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('counts objects and arrays alike and ignores brackets inside strings', () => {
    expect(jsonDepthExceeds(Buffer.from('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(
      jsonDepthExceeds(Buffer.from(`{"s":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`), 2),
    ).toBe(false);
  });

  it('scans a large, shallow body to the end', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: 'x'.repeat(80) }));
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify(rows)))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify([...rows, nested(40).toString()])))).toBe(
      false,
    );
    expect(
      jsonDepthExceeds(
        Buffer.from(`[${JSON.stringify(rows)},${nested(MAX_JSON_DEPTH).toString()}]`),
      ),
    ).toBe(true);
  });
});
