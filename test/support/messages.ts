import { setTimeout as sleep } from 'node:timers/promises';
import { emailDocument, OutboundMessage } from '../../src/messages';

/** Polls `check` every 50 ms for up to `ms`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 15_000,
) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

/** An e-mail in German, as a template would make it. */
export const testEmail = (to: string): OutboundMessage => ({
  channel: 'email',
  kind: 'test',
  locale: 'de',
  to,
  email: {
    subject: 'Ihr Entwurf',
    html: emailDocument('de', 'Ihr Entwurf', '<p>Ein geheimer Link</p>'),
    text: 'Ein geheimer Link',
  },
});
/** An SMS in English. */
export const testSms = (to: string): OutboundMessage => ({
  channel: 'sms',
  kind: 'test',
  locale: 'en',
  to,
  text: 'Your design: a secret link',
});
