import { MESSAGE_LOCALES } from '../messages';
import { shareEmail, ShareContent, shareSms } from './share-messages';
import { renderShareErrorPage, renderSharePage, sharePagePolicy } from './share-page';
import { SHARE_TEXTS } from './share-texts';

const content = (over: Partial<ShareContent> = {}): ShareContent => ({
  locale: 'en',
  productName: 'Tee <b>"Rocket"</b> & co',
  link: 'https://api.example.com/share/abc',
  expiresAt: new Date('2026-04-29T10:00:00Z'),
  imageUrl:
    'https://api.example.com/api/assets/generated/recipeset/readable/K7PQ4MZT/north?client=acme&signature=x',
  ...over,
});

describe('share templates', () => {
  it('has every text in every locale', () => {
    const keys = Object.keys(SHARE_TEXTS.en).sort();
    for (const locale of MESSAGE_LOCALES) {
      expect(Object.keys(SHARE_TEXTS[locale]).sort()).toEqual(keys);
      for (const text of Object.values(SHARE_TEXTS[locale])) expect(text.trim()).not.toBe('');
    }
    // Translated, not copied.
    expect(new Set(MESSAGE_LOCALES.map((l) => SHARE_TEXTS[l].view)).size).toBe(5);
  });

  it('writes the e-mail in its language, the product escaped, with the render and the link', () => {
    const email = shareEmail(content({ locale: 'de' }));
    expect(email.subject).toBe('Ein Entwurf wurde mit Ihnen geteilt: Tee <b>"Rocket"</b> & co');
    expect(email.html).toContain('<html lang="de">');
    expect(email.html).toContain('Tee &lt;b&gt;&quot;Rocket&quot;&lt;/b&gt; &amp; co');
    expect(email.html).not.toContain('<b>"Rocket"</b>');
    expect(email.html).toContain(
      '<img src="https://api.example.com/api/assets/generated/recipeset/readable/K7PQ4MZT/north?client=acme&amp;signature=x" alt="Bild des Entwurfs: Tee &lt;b&gt;',
    );
    expect(email.html).toContain('href="https://api.example.com/share/abc"');
    expect(email.html).toContain('Der Link ist bis zum 29. April 2026 gültig.');
    expect(email.text).toContain('Entwurf ansehen: https://api.example.com/share/abc');
    // Plain text: the name as it is.
    expect(email.text.split('\n')[0]).toBe('Tee <b>"Rocket"</b> & co');
    expect(shareEmail(content({ imageUrl: undefined })).html).not.toContain('<img');
  });

  it('keeps the SMS short: the product name cut to 40 characters, then the link', () => {
    expect(shareSms(content({ locale: 'nl', productName: 'Mug' }))).toBe(
      'Er is een ontwerp met je gedeeld: Mug https://api.example.com/share/abc',
    );
    const long = shareSms(content({ productName: 'x'.repeat(100) }));
    expect(long).toBe(
      `A design was shared with you: ${'x'.repeat(39)}… https://api.example.com/share/abc`,
    );
  });

  it('renders the page with preview tags, escaped, without script', () => {
    const html = renderSharePage({
      ...content({ locale: 'es' }),
      clientName: 'Acme <Shop>',
      pageUrl: 'https://api.example.com/share/abc',
    });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Tee &lt;b&gt;&quot;Rocket&quot;&lt;/b&gt; &amp; co</title>');
    expect(html).toContain(
      '<meta property="og:image" content="https://api.example.com/api/assets/generated/recipeset/readable/K7PQ4MZT/north?client=acme&amp;signature=x">',
    );
    expect(html).toContain('<meta property="og:url" content="https://api.example.com/share/abc">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(
      'El enlace es válido hasta el <time datetime="2026-04-29T10:00:00.000Z">29 de abril de 2026</time>.',
    );
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const plain = renderSharePage({
      ...content({ imageUrl: undefined }),
      clientName: 'Acme',
      pageUrl: 'x',
    });
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
  });

  it('names the client, and links to its storefront or says whom to ask', () => {
    const base = { ...content({ locale: 'de' }), pageUrl: 'x', clientName: 'Acme <Shop>' };
    const withShop = renderSharePage({
      ...base,
      orderUrl: 'https://shop.example.com/d/K7PQ4MZT?a=1&b=2',
    });
    expect(withShop).toContain('<p class="from">Ein Entwurf von Acme &lt;Shop&gt;</p>');
    expect(withShop).toContain('<meta property="og:site_name" content="Acme &lt;Shop&gt;">');
    expect(withShop).toContain(
      '<a class="button" href="https://shop.example.com/d/K7PQ4MZT?a=1&amp;b=2">Diesen Entwurf bei Acme &lt;Shop&gt; bestellen</a>',
    );
    const without = renderSharePage(base);
    expect(without).not.toContain('class="button"');
    expect(without).toContain('wenden Sie sich an Acme &lt;Shop&gt; oder an die Person');
  });

  it('renders the error pages and a policy that allows the page style only by its hash', () => {
    expect(renderShareErrorPage('fr', 'gone')).toContain(
      '<h1>Ce lien n&#39;est plus disponible</h1>',
    );
    expect(renderShareErrorPage('en', 'unknown')).toContain('<h1>Link not found</h1>');
    const policy = sharePagePolicy([
      'https://api.example.com',
      'https://api.example.com',
      'https://cdn.example.com',
    ]);
    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; img-src https:\/\/api\.example\.com https:\/\/cdn\.example\.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
  });
});
