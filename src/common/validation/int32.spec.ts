import { INT32_MAX, INT32_MIN, isInt32, parseInt32 } from './int32';

describe('int32 ids', () => {
  it.each([
    ['-2147483648', INT32_MIN],
    ['2147483647', INT32_MAX],
    [' +7 ', 7],
    ['0', 0],
    [-2147483648, INT32_MIN],
  ])('reads %p as %p (both ends of the range included)', (text, n) => {
    expect(parseInt32(text)).toBe(n);
  });

  it.each(['-2147483649', '2147483648', '1.5', '1e3', 'abc', '', '0x10', '99999999999'])(
    'refuses %p',
    (text) => {
      expect(parseInt32(text)).toBeUndefined();
    },
  );

  it('isInt32 takes the ends and refuses what lies past them', () => {
    expect([INT32_MIN, INT32_MAX, INT32_MIN - 1, INT32_MAX + 1, 0.5].map(isInt32)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
