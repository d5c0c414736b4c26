import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/lib/infra/env.server";

export type MailMessage = {
  /** Stable per e-mail: its Message-ID (and outbox file name) shows a repeated delivery as one. */
  id: string;
  to: string | string[];
  subject: string;
  text: string;
  /** Where answers go instead of the sender (`Reply-To`). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Sent by the site on its own (an alert, a reminder, an acknowledgement), not written by a
   * person: marked so that no auto-responder answers it and no mailbox of ours takes it for a
   * visitor's mail.
   */
  automatic?: boolean;
  /** The envelope sender (SMTP MAIL FROM, Return-Path), where bounces go; MAIL_FROM if unset. */
  envelopeFrom?: string;
};

/** A file sent with an e-mail (a receipt). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/**
 * The headers of an automatic e-mail: RFC 3834's `Auto-Submitted: auto-generated`, which
 * auto-responders (and our own mailbox reader) do not answer, and Exchange's own suppression.
 */
const AUTOMATIC_HEADERS = { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All" };

/** Where e-mails go when no SMTP server is configured: one `.eml` file per message. */
export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

// Bounded waits: a server that accepts the connection and then stalls fails this try, which
// the job queue retries, instead of holding it for nodemailer's default ten minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

let transport: { url: string; transporter: nodemailer.Transporter } | undefined;

function smtpTransport(url: string) {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
  }
  return transport.transporter;
}

/**
 * Sends an e-mail through SMTP (`SMTP_URL`) or, without it, writes it to the outbox folder,
 * where a developer can open it. Throws when the SMTP server refuses or cannot be reached;
 * the error carries nodemailer's `responseCode` when the server answered.
 */
export async function sendMail({ id, automatic, envelopeFrom, ...message }: MailMessage) {
  const config = env();
  const mail: nodemailer.SendMailOptions = {
    from: config.MAIL_FROM,
    messageId: `<${id}@${new URL(config.publicUrl).hostname}>`,
    ...message,
    ...(automatic ? { headers: AUTOMATIC_HEADERS } : {}),
    ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: [message.to].flat() } } : {}),
  };
  if (config.SMTP_URL) {
    await smtpTransport(config.SMTP_URL).sendMail(mail);
    return;
  }
  const raw = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(mail);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const slug = message.subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40);
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}-${slug}.eml`;
  await writeFile(path.join(dir, name), raw.message as Buffer);
}
