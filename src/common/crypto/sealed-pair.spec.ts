import { randomBytes } from 'node:crypto';
import { SealedPairs } from './sealed-pair';

describe('SealedPairs', () => {
  const old = { secret: randomBytes(32) };
  const current = { secret: randomBytes(32) };
  const pairs = new SealedPairs([current, old], 'ec_');

  it('seals a pair into a token of one length that opens in its context only', () => {
    const small = pairs.seal('client-a', [1n, 2n]);
    const large = pairs.seal('client-a', [2n ** 63n, 987654321987n]);
    expect(small).toMatch(/^ec_[A-Za-z0-9_-]{43}$/);
    expect(large).toHaveLength(small.length);
    expect(pairs.open('client-a', small)).toEqual([1n, 2n]);
    expect(pairs.open('client-a', large)).toEqual([2n ** 63n, 987654321987n]);
    expect(pairs.open('client-b', small)).toBeUndefined();
  });

  it('is deterministic per context, and different across contexts', () => {
    expect(pairs.seal('client-a', [5n, 6n])).toBe(pairs.seal('client-a', [5n, 6n]));
    expect(pairs.seal('client-a', [5n, 6n])).not.toBe(pairs.seal('client-b', [5n, 6n]));
    expect(pairs.seal('client-a', [5n, 6n])).not.toBe(pairs.seal('client-a', [5n, 7n]));
  });

  it('refuses altered, truncated, foreign and made-up tokens', () => {
    const token = pairs.seal('client-a', [10n, 20n]);
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    // The last character carries 2 unused bits: another spelling of the same bytes.
    const respelled = `${token.slice(0, -1)}${String.fromCharCode(token.charCodeAt(token.length - 1) ^ 1)}`;
    const bads = [
      flipped,
      respelled,
      token.slice(0, -1),
      `${token}=`,
      `xx_${token.slice(3)}`,
      'ec_',
    ];
    for (const bad of [...bads, '10-20']) expect(pairs.open('client-a', bad)).toBeUndefined();
    const foreign = new SealedPairs([{ secret: randomBytes(32) }], 'ec_').seal('client-a', [
      1n,
      1n,
    ]);
    expect(pairs.open('client-a', foreign)).toBeUndefined();
  });

  it('opens what an older key sealed (rotation)', () => {
    const before = new SealedPairs([old], 'ec_').seal('client-a', [3n, 4n]);
    expect(pairs.open('client-a', before)).toEqual([3n, 4n]);
  });
});
