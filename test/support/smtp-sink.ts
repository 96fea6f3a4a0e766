import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives, parsed;
 * recipients in `reject` are refused with 550 at RCPT TO, as a server refuses an unknown mailbox.
 */
export async function startSmtpSink(reject: string[] = []) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject.includes(address.address.toLowerCase())) {
        const err = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
