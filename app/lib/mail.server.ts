import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";

export type MailMessage = { to: string | string[]; subject: string; text: string };

/** Where e-mails go when no SMTP server is configured: one `.eml` file per message. */
export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

let transport: nodemailer.Transporter | undefined;

/**
 * Sends an e-mail through SMTP (`SMTP_URL`) or, without it, writes it to the outbox folder,
 * where a developer can open it.
 */
export async function sendMail(message: MailMessage) {
  const config = env();
  const mail = { from: config.MAIL_FROM, ...message };
  if (config.SMTP_URL) {
    transport ??= nodemailer.createTransport(config.SMTP_URL);
    await transport.sendMail(mail);
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
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}-${slug}.eml`;
  await writeFile(path.join(dir, name), raw.message as Buffer);
}
