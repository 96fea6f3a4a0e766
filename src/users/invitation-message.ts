import { emailDocument, messageLocale, OutboundMessage } from '../messages';
import { escapeHtml } from '../common/pages';
import { INVITATION_TEXTS } from './invitation-texts';

export interface InvitationMessageInput {
  clientId: string;
  clientName: string;
  to: string;
  firstName: string | null;
  locale: string;
  link: string;
  days: number;
}

/** The invitation e-mail (HTML and text, in the invitee's language) with its one-time link. */
export function invitationMessage(input: InvitationMessageInput): OutboundMessage {
  const locale = messageLocale(input.locale);
  const t = INVITATION_TEXTS[locale];
  const subject = t.subject(input.clientName);
  const lines = [t.greeting(input.firstName), t.invited(input.clientName)];
  const html = emailDocument(
    locale,
    subject,
    [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>`,
      `<p style="color:#52525b;font-size:14px">${escapeHtml(t.expires(input.days))}</p>`,
      `<p style="color:#52525b;font-size:14px">${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
  );
  const text = [
    ...lines,
    '',
    `${t.action}: ${input.link}`,
    '',
    t.expires(input.days),
    t.ignore,
  ].join('\n');
  return {
    channel: 'email',
    kind: 'invitation',
    locale,
    clientId: input.clientId,
    to: input.to,
    email: { subject, html, text },
  };
}
