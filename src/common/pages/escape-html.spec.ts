import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes text for HTML elements and attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, including in what looks like an entity already', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('')).toBe('');
    expect(escapeHtml('Grüße, 漢字 🙂 `x` = 1')).toBe('Grüße, 漢字 🙂 `x` = 1');
  });
});
