/** How a message travels. */
export type MessageChannel = 'email' | 'sms';

/** An e-mail's content: a subject, an HTML body and the same in plain text. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

interface MessageBase {
  /** What the message is, for listings and logs (e.g. `invitation`, `share`). */
  kind: string;
  /** The locale its text is in (e.g. `de`). */
  locale: string;
  /** The client account it is sent for, if any (its messages go when it is deleted). */
  clientId?: string | null;
}

/** A message to one recipient: an e-mail to an address, or an SMS to an E.164 number. */
export type OutboundMessage =
  | (MessageBase & { channel: 'email'; to: string; email: EmailContent })
  | (MessageBase & { channel: 'sms'; to: string; text: string });

/**
 * A recipient as logs and listings may show it: enough to recognise, not to contact
 * (`j***@example.com`, `+49*******89`).
 */
export function maskRecipient(channel: MessageChannel, to: string): string {
  if (channel === 'sms')
    return to.length <= 5
      ? '*'.repeat(to.length)
      : `${to.slice(0, 3)}${'*'.repeat(to.length - 5)}${to.slice(-2)}`;
  const at = to.lastIndexOf('@');
  if (at < 1) return '***';
  return `${to[0]}***${to.slice(at)}`;
}
