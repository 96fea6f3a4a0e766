import { FILE_NAME_MAX, fitFileBase, isFileNameCharacter, isSafeFileName } from './file-names';

describe('the file name rule', () => {
  it('accepts plain names with spaces and +, up to 128 characters with the extension', () => {
    for (const name of ['a', 'front.pdf', 'PO 1-A+B-front.png', '_x', '-x', 'x'.repeat(128)])
      expect(isSafeFileName(name)).toBe(true);
  });

  it('refuses paths, hidden names, leading or trailing spaces and dots, and long names', () => {
    for (const name of [
      '',
      '../x',
      'a/b',
      'c:\\x',
      '.hidden',
      ' a',
      'a ',
      'a.',
      '+a',
      'x'.repeat(129),
    ])
      expect(isSafeFileName(name)).toBe(false);
  });

  it('knows the characters a template may hold', () => {
    expect([...'aZ09._-+ '].every(isFileNameCharacter)).toBe(true);
    expect([...'/\\:*?"<>|\u00e9\n'].some(isFileNameCharacter)).toBe(false);
  });

  it('fits any base so that it passes the rule with its extension', () => {
    const bases = [
      'x'.repeat(150),
      ` ${'a b '.repeat(40)}`,
      '.hidden',
      '  ',
      'PO/2026:7 \u00e9t\u00e9 front',
      `${'y'.repeat(123)}  `,
    ];
    for (const base of bases) {
      const fitted = fitFileBase(base, 4);
      expect(fitted.length).toBeLessThanOrEqual(FILE_NAME_MAX - 4);
      expect(isSafeFileName(`${fitted}.pdf`)).toBe(true);
    }
    expect(fitFileBase('PO/2026:7 front', 4)).toBe('PO_2026_7 front');
    expect(fitFileBase('.x', 4)).toBe('_x');
  });
});
