import { normalizeEmail, normalizePhone, parseRecipients } from './recipients';

describe('share recipients', () => {
  it('normalises e-mail addresses: trimmed, the domain in lower case', () => {
    expect(normalizeEmail(' Jane.Doe@Example.COM ')).toBe('Jane.Doe@example.com');
    expect(normalizeEmail("o'brien+share@mail.example.co.uk")).toBe(
      "o'brien+share@mail.example.co.uk",
    );
  });

  it('refuses what is no deliverable e-mail address', () => {
    for (const bad of [
      '',
      'jane',
      '@example.com',
      'jane@',
      'jane@localhost',
      'jane@example',
      'ja ne@example.com',
      'jane..doe@example.com',
      '.jane@example.com',
      'jane@-example.com',
      'jane@example.123',
      'jane@[127.0.0.1]',
      '"jane"@example.com',
      'jane@example.com\r\nBcc: x@example.com',
      `${'a'.repeat(65)}@example.com`,
      `jane@${'a'.repeat(250)}.com`,
    ])
      expect({ bad, email: normalizeEmail(bad) }).toEqual({ bad, email: undefined });
  });

  it('normalises telephone numbers to E.164: 00, spaces, dashes, dots and parentheses', () => {
    expect(
      [
        '+49 151 12345678',
        '0049 151 1234-5678',
        '+49 (0)151 12345678'.replace('(0)', ''),
        '+1 (415) 555-2671',
        '+33.6.12.34.56.78',
        ' +4915112345678 ',
      ].map(normalizePhone),
    ).toEqual([
      '+4915112345678',
      '+4915112345678',
      '+4915112345678',
      '+14155552671',
      '+33612345678',
      '+4915112345678',
    ]);
  });

  it('refuses numbers without a country code, invalid numbers and text', () => {
    for (const bad of [
      '015112345678',
      '4915112345678',
      '+49 1',
      '+999 1234567',
      'call me',
      '+',
      '',
    ])
      expect({ bad, phone: normalizePhone(bad) }).toEqual({ bad, phone: undefined });
  });

  it('names the first bad recipient with its index', () => {
    expect(parseRecipients(['a@example.com', 'nope'], [])).toEqual({
      ok: false,
      field: 'emailAddresses[1]',
      problem: 'emailAddresses[1] "nope" is not a valid e-mail address',
    });
    expect(parseRecipients([], ['+4915112345678', '0151 1234567'])).toMatchObject({
      ok: false,
      field: 'phoneNumbers[1]',
    });
  });

  it('drops duplicates (addresses in any case, numbers in any spelling), keeping the first', () => {
    expect(
      parseRecipients(
        ['jane@example.com', 'jane@EXAMPLE.com', 'JANE@example.com'],
        ['+49 151 12345678', '004915112345678'],
      ),
    ).toEqual({
      ok: true,
      recipients: { emails: ['jane@example.com'], phones: ['+4915112345678'] },
    });
  });

  it('allows at most 10 recipients in all, naming the limit', () => {
    const emails = Array.from({ length: 6 }, (_, i) => `r${i}@example.com`);
    const phones = Array.from({ length: 5 }, (_, i) => `+4915112345${670 + i}`);
    const result = parseRecipients(emails, phones);
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.problem).toContain('at most 10 recipients');
    expect(parseRecipients(emails, phones.slice(0, 4)).ok).toBe(true);
  });
});
