/**
 * Outgoing e-mail through nodemailer. With SMTP_URL it sends; without, each message is written as
 * an .eml file to DATA_DIR/outbox/ (names sort by time) and its link is printed, so a developer can
 * sign up and verify without a mail server.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the sender (an inquiry's sender, for support). */
  replyTo?: { name: string; address: string } | string;
  /** The action link, printed to stdout in outbox mode. */
  link?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of the weekly e-mail. */
  headers?: Record<string, string>;
}

export interface MailAdapter {
  send(message: MailMessage): Promise<void>;
}

export function createMailAdapter(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}): MailAdapter {
  const log = options.log ?? ((line: string) => console.log(line));
  // nodemailer encodes the headers: a line break in a subject or a name cannot start a header of its own.
  const envelope = (m: MailMessage) => ({
    from: options.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    ...(m.headers ? { headers: m.headers } : {}),
  });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(envelope(m));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(m));
      await mkdir(options.outboxDir, { recursive: true });
      sequence = (sequence + 1) % 1_000_000;
      // ISO time plus a counter: lexical order is sending order, also within one millisecond.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}.eml`;
      // Written aside and renamed: whoever reads the outbox (a person, the journeys) never meets half an e-mail,
      // whose link would end at a quoted-printable line break.
      const path = join(options.outboxDir, name);
      await writeFile(`${path}.part`, info.message as Buffer);
      await rename(`${path}.part`, path);
      log(`[mail] ${m.to}: ${m.subject}${m.link ? `\n[mail] link: ${m.link}` : ''}`);
    },
  };
}
