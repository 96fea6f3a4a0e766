import {
  codeElement,
  dayElement,
  DEFAULT_PAGE_LOCALE,
  fillHtml,
  formatDay,
  formatLocale,
  formatMoney,
  formatSignedPercent,
  instantElement,
} from './page-format';

describe('page formats', () => {
  it("picks the reader's first language Intl formats, else the default", () => {
    expect(formatLocale(['de-DE', 'en'])).toBe('de-DE');
    expect(formatLocale(['*', 'fr'])).toBe('fr');
    expect(formatLocale(['not a tag!', 'nl'])).toBe('nl');
    expect(formatLocale([])).toBe(DEFAULT_PAGE_LOCALE);
    expect(formatLocale(['*'])).toBe('en');
  });

  it('writes prices with their currency, signed when asked', () => {
    expect(formatMoney('en', 'EUR', 20)).toBe('€20.00');
    expect(formatMoney('de', 'EUR', 1234.5)).toBe('1.234,50\u00a0€');
    expect(formatMoney('en', 'USD', 2.5, true)).toBe('+$2.50');
    expect(formatMoney('en', 'USD', -2.5, true)).toBe('-$2.50');
    expect(formatMoney('en', 'JPY', 1200)).toBe('¥1,200');
    expect(formatSignedPercent('en', 50)).toBe('+50%');
    expect(formatSignedPercent('en', -12.5)).toBe('-12.5%');
  });

  it('writes days and instants in <time> elements, in UTC', () => {
    expect(dayElement('en', '2027-02-15')).toBe('<time datetime="2027-02-15">Feb 15, 2027</time>');
    expect(dayElement('de', '2027-02-15')).toBe('<time datetime="2027-02-15">15.02.2027</time>');
    expect(dayElement('en', 'soon<')).toBe('soon&lt;');
    expect(instantElement('en', new Date('2026-12-01T00:00:00Z'))).toBe(
      '<time datetime="2026-12-01T00:00:00.000Z">Dec 1, 2026</time>',
    );
    expect(instantElement('en', new Date('2026-12-01T14:05:00Z'))).toMatch(
      /^<time datetime="2026-12-01T14:05:00\.000Z">Dec 1, 2026, 2:05\sPM UTC<\/time>$/,
    );
    expect(
      instantElement('fr', new Date('2026-12-01T14:05:00Z'), { dayOnly: true, dateStyle: 'long' }),
    ).toBe('<time datetime="2026-12-01T14:05:00.000Z">1 décembre 2026</time>');
  });

  it('writes a day as plain text in UTC, medium or long', () => {
    const lateInTheDay = new Date('2026-03-30T23:30:00Z');
    expect(formatDay('en', lateInTheDay)).toBe('Mar 30, 2026');
    expect(formatDay('en', lateInTheDay, 'long')).toBe('March 30, 2026');
    expect(formatDay('de', lateInTheDay, 'long')).toBe('30. März 2026');
  });

  it('keeps codes whole and fills sentences with elements, the text escaped', () => {
    expect(codeElement('TEE-<b>')).toBe('<code class="sku">TEE-&lt;b&gt;</code>');
    expect(fillHtml('<Until> {date}, {other}.', { date: '<time>x</time>' })).toBe(
      '&lt;Until&gt; <time>x</time>, {other}.',
    );
  });
});
