import { MAX_TOKEN_LIFETIME_MS, parseTokenLifetime } from './token-lifetime';

describe('parseTokenLifetime', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['12h', 43_200_000],
    ['7d', 604_800_000],
    [' 1s ', 1_000],
    ['3650d', MAX_TOKEN_LIFETIME_MS],
  ])('reads %p as %p ms', (value, ms) => {
    expect(parseTokenLifetime(value)).toEqual({ ms });
  });

  it.each(['0s', '0d', '000m'])('rejects the zero duration %p', (value) => {
    expect(parseTokenLifetime(value)).toEqual({
      problem: `"${value}" is not a positive duration`,
    });
  });

  it.each(['-5m', '15', 'm', '1w', '1.5h', '15 m', '1h30m', 'PT15M', '15M', '', '1e3s', '１s'])(
    'rejects %p, naming it and the accepted form',
    (value) => {
      const result = parseTokenLifetime(value);
      expect(result).toEqual({ problem: expect.stringContaining(JSON.stringify(value)) });
      expect(result).toEqual({ problem: expect.stringContaining('e.g. 90s, 15m, 12h or 7d') });
    },
  );

  it('rejects a lifetime beyond ten years rather than an invalid date', () => {
    expect(parseTokenLifetime('3651d')).toEqual({
      problem: '"3651d" is longer than the maximum of 3650d',
    });
    expect(parseTokenLifetime('999999d')).toEqual({
      problem: '"999999d" is longer than the maximum of 3650d',
    });
  });
});
