import { maskRecipient } from './outbound-message';
import { emailDocument, messageLocale } from './message-templates';

describe('message templates', () => {
  it('takes the language of a locale when it is one of the five, else English', () => {
    expect(['de', 'de-AT', 'DE_ch', ' fr ', 'es-419', 'nl'].map(messageLocale)).toEqual([
      'de',
      'de',
      'de',
      'fr',
      'es',
      'nl',
    ]);
    expect(['it', '', undefined, null, 'english', 'en-GB'].map(messageLocale)).toEqual([
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('wraps an e-mail body in a document with its language and an escaped title', () => {
    const html = emailDocument('de', 'Hallo <Welt>', '<p>Body</p>');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Hallo &lt;Welt&gt;</title>');
    expect(html).toContain('<p>Body</p>');
  });

  it('masks recipients for logs and listings', () => {
    expect(maskRecipient('email', 'jane.doe@example.com')).toBe('j***@example.com');
    expect(maskRecipient('email', 'not-an-address')).toBe('***');
    expect(maskRecipient('sms', '+4915112345678')).toBe('+49*********78');
    expect(maskRecipient('sms', '+4912')).toBe('*****');
  });
});
