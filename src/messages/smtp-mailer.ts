import type { Transporter } from 'nodemailer';
import { EmailContent } from './outbound-message';

/** Refused for good: retrying cannot help (an SMTP 5xx answer, e.g. an unknown recipient). */
export class DeliveryRefused extends Error {}

/**
 * E-mail over SMTP (the only file that imports nodemailer): one pooled transport to SMTP_URL,
 * with timeouts so that a hung server fails the attempt instead of holding the worker. nodemailer
 * is loaded on the first message: a process that sends none (the CLI, a test) never loads it.
 */
export class SmtpMailer {
  private transport?: Promise<Transporter>;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {
    // Checked at once: a malformed SMTP_URL fails the start, not the first message.
    new URL(url);
  }

  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      this.create(createTransport),
    );
    return this.transport;
  }

  private create(createTransport: typeof import('nodemailer').createTransport): Transporter {
    const u = new URL(this.url);
    const secure = u.protocol === 'smtps:';
    return createTransport({
      host: u.hostname,
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      ...(u.username
        ? {
            auth: {
              user: decodeURIComponent(u.username),
              pass: decodeURIComponent(u.password),
            },
          }
        : {}),
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(to: string, email: EmailContent): Promise<void> {
    try {
      await (
        await this.connect()
      ).sendMail({
        from: this.from,
        to,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const reason = (err as Error).message ?? String(err);
      // Only the SMTP reply: nodemailer's message may quote the envelope (the address).
      const said = code ? `SMTP server answered ${code}` : `SMTP delivery failed: ${reason}`;
      if (code !== undefined && code >= 500) throw new DeliveryRefused(said);
      throw new Error(said);
    }
  }

  /** Resolves when the SMTP server answers and accepts the credentials; sends nothing. */
  async verify(): Promise<void> {
    await (await this.connect()).verify();
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}
