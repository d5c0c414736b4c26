// The fleet's inbound mail (issue 29): visitors' answers arrive by both ways at once, half
// appended to the IMAP mailbox both processes read, half sent over SMTP to the listener of A,
// some of them a second time by the other way, while A is killed (SIGKILL) and started again.
// Once the mailbox has no mail left to store and every SMTP mail has had its 250: each
// Message-ID is stored once, in the conversation its reply address names, none is missing, every
// mail in the mailbox is flagged as stored and every SMTP mail was answered 250 (a 4xx or a lost
// connection is retried, as a sending server does).

import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import {
  REFUSED_KEYWORD,
  STORED_KEYWORD,
} from "../../app/features/conversations/imap-mailbox.server";
import { replyAddress } from "../../app/features/messages/reply-address";
import type { TestDovecot } from "../support/dovecot";
import { query } from "./query";
import type { Row } from "./report";
import { type Answer, summarise } from "./requests";

const MAILS = Number(process.env.FLEET_MAILS ?? 200);
/** Mails delivered a second time, by the other way (same bytes, same Message-ID). */
const REDELIVERED = Math.min(20, MAILS);
/** Conversations the answers thread into, by their reply address. */
const CONVERSATIONS = 20;
/** One delivery starts every this many ms (20 a second), so mail flows before, during and after the crash. */
const PACE_MS = 50;
const POLL_MS = 500;
/** How long a delivery is retried, and how long the mailbox then has to be read. */
const DELIVERY_TIMEOUT_MS = 120_000;
const DRAIN_TIMEOUT_MS = 120_000;
export const INBOUND_REPLY_ADDRESS = "replies@academy.test";

/** The environment of every process (IMAP) and, with `smtpPort`, of the one that listens. */
export function inboundMailEnv(dovecot: TestDovecot, smtpPort?: number): Record<string, string> {
  return {
    IMAP_URL: dovecot.url,
    IMAP_USER: dovecot.user,
    IMAP_PASSWORD: dovecot.password,
    INBOUND_REPLY_ADDRESS,
    ...(smtpPort ? { INBOUND_SMTP_PORT: String(smtpPort), INBOUND_SMTP_HOST: "127.0.0.1" } : {}),
  };
}

export type MailFleet = {
  databaseUrl: string;
  dovecot: TestDovecot;
  /** A's INBOUND_SMTP_PORT. */
  smtpPort: number;
  /** Ends A with SIGKILL and starts it again on its port and data folder, once it answers. */
  crashA: () => Promise<void>;
};

type Way = "imap" | "smtp";
type Mail = { index: number; raw: Buffer; from: string; to: string; way: Way };
type Delivery = { mail: Mail; way: Way; copy: boolean; attempts: Answer[]; done: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CONVERSATIONS answered conversations of the case's own, each with its reply token. */
async function answeredConversations(databaseUrl: string, run: string) {
  return query<{ id: string; email: string; reply_token: string }>(
    databaseUrl,
    `INSERT INTO messages (form_type, full_name, email, subject, message, status)
     SELECT 'contact', 'Fleet Mail Visitor', 'fleet-mail-' || $1 || '-' || n || '@visitor.test',
       'Course Information', 'Fleet mail conversation ' || n, 'replied'
       FROM generate_series(1, $2) AS n
     RETURNING id, email, reply_token`,
    [run, CONVERSATIONS],
  );
}

/** One SMTP delivery to A, as a visitor's mail server makes it: 250, or why not. */
async function sendOverSmtp(port: number, mail: Mail): Promise<Answer> {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    const info = await transport.sendMail({
      envelope: { from: mail.from, to: [mail.to] },
      raw: mail.raw,
    });
    return { status: Number(info.response.slice(0, 3)), body: info.response };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    return { status: code ?? "network", body: String(error) };
  } finally {
    transport.close();
  }
}

async function appendOverImap(dovecot: TestDovecot, mail: Mail): Promise<Answer> {
  try {
    await dovecot.appendMail(mail.raw);
    return { status: 250, body: "appended" };
  } catch (error) {
    return { status: "network", body: String(error) };
  }
}

/** Delivers until it is taken (250), refused for good (5xx) or the deadline passes. */
async function deliver(fleet: MailFleet, delivery: Delivery, deadline: number) {
  for (;;) {
    const answer =
      delivery.way === "smtp"
        ? await sendOverSmtp(fleet.smtpPort, delivery.mail)
        : await appendOverImap(fleet.dovecot, delivery.mail);
    delivery.attempts.push(answer);
    if (answer.status === 250) {
      delivery.done = true;
      return;
    }
    if ((typeof answer.status === "number" && answer.status >= 500) || Date.now() > deadline)
      return;
    await sleep(POLL_MS);
  }
}

/** The case's stored mails: how often each mail (by index) is stored, and in which conversation. */
async function storedMails(databaseUrl: string, run: string) {
  const rows = await query<{ mail: string; conversation: string; copies: string }>(
    databaseUrl,
    `SELECT substring(rfc_message_id from $2) AS mail, min(message_id::text) AS conversation,
            count(*) AS copies
       FROM inbound_emails WHERE rfc_message_id LIKE $1 GROUP BY 1`,
    [`%fleet-mail-${run}-%`, `fleet-mail-${run}-(\\d+)@`],
  );
  return new Map(
    rows.map((row) => [
      Number(row.mail),
      { conversation: row.conversation, copies: Number(row.copies) },
    ]),
  );
}

/** Whether every mail of the mailbox is flagged, and how many are (refused ones apart). */
async function mailboxState(dovecot: TestDovecot) {
  const messages = await dovecot.messages();
  const flagged = messages.filter((message) => message.flags.includes(STORED_KEYWORD));
  const refused = messages.filter((message) => message.flags.includes(REFUSED_KEYWORD));
  return { total: messages.length, flagged: flagged.length, refused: refused.length };
}

export async function inboundMailRush(fleet: MailFleet): Promise<Row[]> {
  const { databaseUrl, dovecot } = fleet;
  const run = randomBytes(4).toString("hex");
  const conversations = await answeredConversations(databaseUrl, run);
  const mails: Mail[] = await Promise.all(
    Array.from({ length: MAILS }, async (_, index) => {
      const conversation = conversations[index % conversations.length];
      if (!conversation) throw new Error("No conversation to answer");
      const to = replyAddress(INBOUND_REPLY_ADDRESS, conversation.reply_token);
      const raw = await new MailComposer({
        from: `Fleet Mail Visitor <${conversation.email}>`,
        to,
        subject: "Re: Course Information",
        text: `Fleet mail answer ${index}: thank you, and when does the class start?`,
        messageId: `<fleet-mail-${run}-${index}@visitor.test>`,
      })
        .compile()
        .build();
      return { index, raw, from: conversation.email, to, way: index % 2 ? "smtp" : "imap" };
    }),
  );
  // REDELIVERED mails spread over the run, alternately an IMAP and an SMTP one (the mails
  // alternate), each delivered again by the other way right after its original, so that the two
  // copies are read at about the same time.
  const every = Math.max(1, Math.floor(MAILS / REDELIVERED));
  const again = new Set(
    Array.from({ length: REDELIVERED }, (_, serial) => {
      const base = serial * every;
      return Math.min(MAILS - 1, base + ((base + serial) % 2));
    }),
  );
  const deliveries: Delivery[] = mails.flatMap((mail) => {
    const original = { mail, way: mail.way, copy: false, attempts: [], done: false };
    if (!again.has(mail.index)) return [original];
    const other: Way = mail.way === "imap" ? "smtp" : "imap";
    return [original, { mail, way: other, copy: true, attempts: [], done: false }];
  });

  const started = Date.now();
  const deadline = started + DELIVERY_TIMEOUT_MS;
  const crashAt = Math.floor(deliveries.length / 3);
  let crash: Promise<{ killedAfter: number; answeringAfterMs: number | null; error?: string }> =
    Promise.resolve({ killedAfter: 0, answeringAfterMs: null, error: "not killed" });
  const pending: Promise<void>[] = [];
  for (const [serial, delivery] of deliveries.entries()) {
    if (serial === crashAt) {
      const killedAt = Date.now();
      crash = fleet.crashA().then(
        () => ({ killedAfter: serial, answeringAfterMs: Date.now() - killedAt }),
        (error: unknown) => ({ killedAfter: serial, answeringAfterMs: null, error: String(error) }),
      );
    }
    pending.push(deliver(fleet, delivery, deadline));
    await sleep(PACE_MS);
  }
  await Promise.all(pending);
  const restarted = await crash;
  const delivered = Date.now();

  // Drained: every mail of the mailbox flagged, every mail stored (or the deadline).
  const drainDeadline = delivered + DRAIN_TIMEOUT_MS;
  const appended = deliveries.filter((delivery) => delivery.way === "imap" && delivery.done);
  let mailbox = await mailboxState(dovecot);
  let stored = await storedMails(databaseUrl, run);
  while ((mailbox.flagged < appended.length || stored.size < MAILS) && Date.now() < drainDeadline) {
    await sleep(POLL_MS);
    [mailbox, stored] = await Promise.all([mailboxState(dovecot), storedMails(databaseUrl, run)]);
  }
  const drained = Date.now();

  const conversationOf = (index: number) => conversations[index % conversations.length]?.id;
  const missing = mails.filter((mail) => !stored.has(mail.index)).length;
  const twice = [...stored.values()].filter((mail) => mail.copies > 1).length;
  const elsewhere = [...stored].filter(
    ([index, mail]) => mail.conversation !== conversationOf(index),
  ).length;
  const [threads] = await query<{ events: string; started: string; unread: string }>(
    databaseUrl,
    `SELECT
       (SELECT count(*) FROM message_events e JOIN inbound_emails i ON i.id = e.inbound_email_id
         WHERE e.kind = 'visitor-answered' AND i.rfc_message_id LIKE $1) AS events,
       (SELECT count(*) FROM messages WHERE form_type = 'email' AND email LIKE $2) AS started,
       (SELECT count(*) FROM messages WHERE id = ANY($3::uuid[]) AND status = 'unread') AS unread`,
    [`%fleet-mail-${run}-%`, `fleet-mail-${run}-%`, conversations.map((c) => c.id)],
  );
  const events = Number(threads?.events);
  const newConversations = Number(threads?.started);
  const unread = Number(threads?.unread);

  const smtp = deliveries.filter((delivery) => delivery.way === "smtp");
  const smtpTaken = smtp.filter((delivery) => delivery.done);
  const retried = smtpTaken.filter((delivery) => delivery.attempts.length > 1);
  const notFirst = smtp.flatMap((delivery) => delivery.attempts.filter((a) => a.status !== 250));
  const refusedForGood = notFirst.filter((a) => typeof a.status === "number" && a.status >= 500);
  // A session the kill cut short (the rest of the network errors: A refused connections while down).
  const cut = notFirst.filter((a) => a.status === "network" && !a.body.includes("ECONNREFUSED"));
  const imapRetries = appended.reduce((sum, delivery) => sum + delivery.attempts.length - 1, 0);
  // Every delivery taken (a 250, or a mail flagged in the mailbox) is one mail stored or one
  // duplicate the app recognised and stored nothing for.
  const acknowledged = smtpTaken.length + mailbox.flagged;
  const storedCount = [...stored.values()].reduce((sum, mail) => sum + mail.copies, 0);
  const copies = deliveries.filter((delivery) => delivery.copy).length;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  return [
    {
      check: `${MAILS} answers (half appended to the IMAP mailbox A and B read, half over SMTP to A), ${copies} of them delivered again the other way, A killed (SIGKILL) and restarted meanwhile: each stored once, in the conversation its reply address names`,
      result: `${stored.size} of ${MAILS} stored, ${missing} missing, ${twice} stored twice, ${elsewhere} in another conversation, ${newConversations} new conversations, ${events} answer events, ${unread} of ${conversations.length} conversations reopened; ${acknowledged} deliveries taken, ${acknowledged - storedCount} recognised as duplicates; delivered in ${seconds(delivered - started)}, drained ${seconds(drained - delivered)} later`,
      pass:
        stored.size === MAILS &&
        missing === 0 &&
        twice === 0 &&
        elsewhere === 0 &&
        newConversations === 0 &&
        events === storedCount &&
        unread === conversations.length &&
        acknowledged - storedCount >= copies,
    },
    {
      check: `IMAP: every appended mail flagged ${STORED_KEYWORD} once stored`,
      result: `${mailbox.total} in the mailbox (${appended.length} appended, ${imapRetries} appends retried), ${mailbox.flagged} flagged, ${mailbox.refused} refused`,
      pass:
        mailbox.total === appended.length &&
        appended.length === deliveries.filter((delivery) => delivery.way === "imap").length &&
        mailbox.flagged === mailbox.total &&
        mailbox.refused === 0,
    },
    {
      check: "SMTP: every mail answered 250, a 4xx or a lost connection retried until 250",
      result: `${smtpTaken.length} of ${smtp.length} answered 250, ${smtpTaken.length - retried.length} at the first try, ${retried.length} after retries; answers before the 250: ${summarise(notFirst)} (of which ${cut.length} sessions cut by the kill)`,
      pass: smtpTaken.length === smtp.length && refusedForGood.length === 0,
    },
    {
      check: "A killed (SIGKILL) mid-delivery, started again on its port and data folder",
      result:
        restarted.answeringAfterMs === null
          ? `killed after ${restarted.killedAfter} of ${deliveries.length} deliveries; ${restarted.error}`
          : `killed after ${restarted.killedAfter} of ${deliveries.length} deliveries, answering again ${seconds(restarted.answeringAfterMs)} later`,
      pass: restarted.answeringAfterMs !== null,
    },
  ];
}
