import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['logo.png', 'logo.png'],
    ['  spaced name.png  ', 'spaced name.png'],
    ['C:\\fakepath\\logo.png', 'logo.png'],
    ['../../etc/passwd', 'passwd'],
    ['/abs/path/x.gif', 'x.gif'],
    ['a\u0000b\u0007c\r\n.png', 'abc.png'],
    // A right-to-left override would show "gnp.exe" as "exe.png".
    ['photo\u202egnp.exe', 'photognp.exe'],
    ['zero\u200bwidth.png', 'zerowidth.png'],
    ['lone\ud800surrogate.png', 'lonesurrogate.png'],
    // NFC: "e" + combining acute becomes one character.
    ['cafe\u0301.png', 'caf\u00e9.png'],
    ['é漢字🙂.png', 'é漢字🙂.png'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it.each([undefined, '', '   ', 'dir/', '..', '.', '\u0000\u202e'])(
    '%j leaves nothing: undefined',
    (input) => {
      expect(sanitizeFileName(input)).toBeUndefined();
    },
  );

  it(`keeps at most ${MAX_FILE_NAME_LENGTH} characters, never half of one`, () => {
    expect(sanitizeFileName('x'.repeat(300))).toBe('x'.repeat(MAX_FILE_NAME_LENGTH));
    const emoji = sanitizeFileName('🙂'.repeat(300))!;
    expect([...emoji]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji).toBe('🙂'.repeat(MAX_FILE_NAME_LENGTH));
  });
});
