import { currencyProblem, pageUrlProblem, storefrontLink } from './client-settings';

describe('client settings', () => {
  it('takes ISO 4217 codes Intl knows, and names anything else', () => {
    for (const code of ['EUR', 'USD', 'CHF', 'JPY']) expect(currencyProblem(code)).toBeUndefined();
    for (const value of ['eur', 'EURO', 'ABC', '', 42, null])
      expect(currencyProblem(value)).toBe(
        `currency must be an ISO 4217 currency code such as EUR or USD, not ${JSON.stringify(value)}`,
      );
  });

  it('takes absolute https URLs only, without credentials, spaces or placeholders', () => {
    expect(pageUrlProblem('signInUrl', 'https://shop.example.com/login?x=1')).toBeUndefined();
    for (const value of [
      'http://shop.example.com/',
      'javascript:alert(1)',
      '/login',
      'https://me:secret@shop.example.com/',
      'https://shop.example.com/a b',
      `https://shop.example.com/${'x'.repeat(2000)}`,
      'https://shop.example.com/{readableId}',
      7,
    ])
      expect(pageUrlProblem('signInUrl', value)).toMatch(
        /^signInUrl must be an absolute https URL of at most 2000 characters, without a user name or password(?: \(no placeholders\))?, not /,
      );
    // Long values are cut in the message.
    expect(pageUrlProblem('signInUrl', `http://${'x'.repeat(500)}`)!.length).toBeLessThan(300);
  });

  it("takes the storefront's placeholders, names an unknown one, and fills them in encoded", () => {
    const template = 'https://shop.example.com/d/{readableId}?p={productHandle}';
    expect(pageUrlProblem('storefrontUrl', template, true)).toBeUndefined();
    expect(pageUrlProblem('storefrontUrl', 'https://shop.example.com/{sku}', true)).toBe(
      'storefrontUrl may hold only the placeholders {readableId} and {productHandle}, not {sku} (in "https://shop.example.com/{sku}")',
    );
    expect(pageUrlProblem('storefrontUrl', 'http://shop.example.com/{readableId}', true)).toMatch(
      /^storefrontUrl must be an absolute https URL/,
    );
    expect(storefrontLink(template, { readableId: 'K7PQ4MZT', productHandle: 'a b&c' })).toBe(
      'https://shop.example.com/d/K7PQ4MZT?p=a%20b%26c',
    );
  });
});
