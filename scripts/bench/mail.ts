// `npm run bench:mail`: how many received mails per second are parsed and stored.
// A 10,000-mail mailbox (BENCH_MAILS) as an academy's inbound address gets it — visitors'
// answers threaded by In-Reply-To, by the reply address or by the [LTA-…] in the subject to
// 1,000 conversations staff answered, new conversations, HTML-only mail, small PDF and PNG
// attachments, quoted history, out-of-office replies — written by nodemailer's composer as a
// mail client would. It prints the rate of `readMail` alone (parsing, HTML to text, quoted
// history cut off) and of `receiveMail` (the same, then threading and storing in one
// transaction, attachments through the upload checks) on PGlite in this process, and on
// PostgreSQL too when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL names a server (a
// new database is made there and dropped). Figures only: nothing is asserted but that every
// mail is stored.

import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { type DatabaseHandle, openDatabase, setDatabase } from "../../app/db/client.server";
import { messages, outgoingEmails } from "../../app/db/schema";
import { readMail } from "../../app/features/conversations/read-mail.server";
import { receiveMail } from "../../app/features/conversations/receive-mail.server";
import { replyAddress } from "../../app/features/messages/reply-address";
import { loadEnv, setEnvForTesting } from "../../app/lib/infra/env.server";
import { setMailAttachments } from "../../app/lib/infra/storage/index.server";
import { installJobs } from "../../server/jobs.server";
import { withPostgres } from "../script-database";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
/** Conversations staff have answered, that visitors' answers come back to. */
const CONVERSATIONS = Math.max(10, Math.min(1_000, Math.round(MAILS / 10)));
/** Mails delivered a second time at the end (a retry): the duplicate check's rate. */
const REDELIVERED = Math.min(1_000, MAILS);
const HOST = "academy.test";
const INBOUND = `replies@${HOST}`;
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

// --- The mailbox --------------------------------------------------------------------------------

/** A small seeded generator (mulberry32): the same mailbox on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(29);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
/** A UUID from the seeded generator (version 4 layout). */
const seededUuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};

const firstNames = [
  "Adaeze",
  "Tunde",
  "Chiamaka",
  "Emeka",
  "Funke",
  "Ibrahim",
  "Ngozi",
  "Segun",
  "Zainab",
  "Olumide",
  "Bisi",
  "Kemi",
];
const surnames = [
  "Okafor",
  "Bakare",
  "Obi",
  "Adeyemi",
  "Eze",
  "Musa",
  "Balogun",
  "Nwosu",
  "Lawal",
  "Ogunleye",
];
const domains = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me"];
const questions = [
  "Is there a weekend class for Data Analysis?",
  "Can I pay the fee in two instalments?",
  "Do you give a certificate at the end?",
  "I work in Ikeja during the week; are the classes online too?",
  "What laptop do I need for the Flutter course?",
  "My company wants to sponsor two of us. Can you send an invoice?",
];
const answers = [
  "Thank you, that helps. I will pay the first instalment on Friday.",
  "Great, please reserve a seat for me in the January intake.",
  "Thanks! One more question: is the exam included in the fee?",
  "Ok noted. Can I bring my own laptop or do you provide one?",
  "I have sent the transfer, please confirm when you receive it.",
];
const staffReply =
  "Hello,\n\nThank you for your message. The next Data Analysis class starts on 12 January; the fee is ₦250,000 and can be paid in two instalments.\n\nKind regards,\nLagos Tech Academy";

type Conversation = {
  id: string;
  name: string;
  email: string;
  token: string;
  /** Our reply's id: its Message-ID is <id@academy.test>. */
  replyId: string;
  reference: number;
};

function visitor() {
  const first = pick(firstNames);
  const last = pick(surnames);
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}${Math.floor(next() * 1000)}@${pick(domains)}`.toLowerCase(),
  };
}

const conversations: Conversation[] = Array.from({ length: CONVERSATIONS }, () => ({
  id: seededUuid(),
  ...visitor(),
  token: seededUuid().replaceAll("-", ""),
  replyId: seededUuid(),
  reference: 0,
}));

/** Our reply quoted below the answer, the way Gmail and Outlook write it. */
function quoted(style: number) {
  if (style === 0)
    return `\n\nOn Mon, 3 Nov 2025 at 09:12, Lagos Tech Academy <hello@${HOST}> wrote:\n${staffReply
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}`;
  return `\n\n-----Original Message-----\nFrom: Lagos Tech Academy <hello@${HOST}>\nSent: Monday, 3 November 2025 09:12\nSubject: Re: Course information\n\n${staffReply}`;
}

type MailKind =
  | "answer by In-Reply-To"
  | "answer by reply address"
  | "answer by subject"
  | "new conversation"
  | "HTML only"
  | "with attachment"
  | "auto-reply";

/** How often each kind comes, out of 100. */
const mix: [MailKind, number][] = [
  ["answer by In-Reply-To", 35],
  ["answer by reply address", 10],
  ["answer by subject", 5],
  ["new conversation", 30],
  ["HTML only", 8],
  ["with attachment", 7],
  ["auto-reply", 5],
];

function kindAt(draw: number): MailKind {
  let total = 0;
  for (const [kind, share] of mix) {
    total += share;
    if (draw * 100 < total) return kind;
  }
  return "new conversation";
}

type Files = { pdf: Buffer; png: Buffer };

/** One mail of the mailbox, as nodemailer's composer writes it; and its SMTP recipients. */
function mailOptions(index: number, kind: MailKind, files: Files): Mail.Options {
  const conversation = pick(conversations);
  const threaded = {
    inReplyTo: `<${conversation.replyId}@${HOST}>`,
    references: [`<${conversation.replyId}@${HOST}>`],
  };
  const date = new Date(Date.UTC(2025, 10, 3) + index * 60_000);
  const base = {
    messageId: `<bench-${index}-${seededUuid()}@${conversation.email.split("@")[1]}>`,
    date,
    from: { name: conversation.name, address: conversation.email },
    to: INBOUND,
    subject: "Re: Course information",
  };
  const answer = `${pick(answers)}${next() < 0.7 ? quoted(next() < 0.6 ? 0 : 1) : ""}`;
  switch (kind) {
    case "answer by In-Reply-To":
      // Half as multipart/alternative, as Gmail sends them.
      return next() < 0.5
        ? { ...base, ...threaded, text: answer }
        : {
            ...base,
            ...threaded,
            text: answer,
            html: `<div dir="ltr">${answer.replaceAll("\n", "<br>")}</div>`,
          };
    case "answer by reply address":
      return { ...base, to: replyAddress(INBOUND, conversation.token), text: answer };
    case "answer by subject":
      return {
        ...base,
        subject: `Re: Course information [LTA-${String(conversation.reference).padStart(7, "0")}]`,
        text: answer,
      };
    case "new conversation": {
      const sender = visitor();
      const text = `Good afternoon,\n\n${pick(questions)} ${pick(questions)}\n\nThank you,\n${sender.name}`;
      return {
        ...base,
        from: { name: sender.name, address: sender.email },
        subject: pick([
          "Course enquiry",
          "Fees",
          "Weekend classes",
          "Question about the January intake",
        ]),
        // Some forward an older thread: quoted history below a new question.
        text: next() < 0.15 ? `${text}${quoted(1)}` : text,
      };
    }
    case "HTML only": {
      const sender = next() < 0.5 ? visitor() : conversation;
      return {
        ...base,
        ...(sender === conversation ? threaded : {}),
        from: { name: sender.name, address: sender.email },
        html: `<html><head><style>p{margin:0}</style></head><body><p>Hello,</p><p>${pick(questions)}</p><p><b>${sender.name}</b><br><a href="https://wa.me/2348035550101">WhatsApp me</a></p><blockquote>${staffReply.replaceAll("\n", "<br>")}</blockquote></body></html>`,
      };
    }
    case "with attachment": {
      const pdf = next() < 0.5;
      return {
        ...base,
        ...threaded,
        text: pdf
          ? "Please find my transfer receipt attached."
          : "Here is a photo of my certificate.",
        attachments: [
          pdf
            ? { filename: "receipt.pdf", content: files.pdf, contentType: "application/pdf" }
            : { filename: "certificate.png", content: files.png, contentType: "image/png" },
        ],
      };
    }
    case "auto-reply":
      return {
        ...base,
        ...threaded,
        subject: "Automatic reply: Re: Course information",
        headers: { "Auto-Submitted": "auto-replied", "X-Autoreply": "yes" },
        text: "I am out of the office until Monday with limited access to e-mail.",
      };
  }
}

type BenchMail = {
  kind: MailKind;
  raw: Buffer;
  recipients: string[];
  /** What receiving it must do: join its conversation, start one, or be kept as an auto-reply. */
  expected: "answer" | "new-conversation" | "auto-reply";
};

function expectedOutcome(kind: MailKind, options: Mail.Options): BenchMail["expected"] {
  if (kind === "auto-reply") return "auto-reply";
  const threaded =
    options.inReplyTo ||
    String(options.to).includes("+") ||
    String(options.subject).includes("[LTA-");
  return threaded ? "answer" : "new-conversation";
}

async function buildMailbox(files: Files): Promise<BenchMail[]> {
  const mailbox: BenchMail[] = [];
  for (let index = 0; index < MAILS; index += 1) {
    const kind = kindAt(next());
    const options = mailOptions(index, kind, files);
    const raw = await new MailComposer(options).compile().build();
    mailbox.push({
      kind,
      raw,
      recipients: [String(options.to)],
      expected: expectedOutcome(kind, options),
    });
  }
  return mailbox;
}

async function attachmentFiles(): Promise<Files> {
  const png = await sharp({
    create: { width: 320, height: 200, channels: 3, background: "#2e86c1" },
  })
    .png()
    .toBuffer();
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText("Transfer receipt: NGN 125,000 to Lagos Tech Academy", {
    x: 50,
    y: 780,
    size: 12,
  });
  return { png, pdf: Buffer.from(await document.save()) };
}

// --- The database -------------------------------------------------------------------------------

/** The conversations staff answered: each a visitor's message and our reply, sent. */
async function seedConversations(handle: DatabaseHandle) {
  for (let start = 0; start < conversations.length; start += 500) {
    const batch = conversations.slice(start, start + 500);
    const stored = await handle.db
      .insert(messages)
      .values(
        batch.map((conversation) => ({
          id: conversation.id,
          formType: "contact" as const,
          fullName: conversation.name,
          email: conversation.email,
          subject: "Course Information",
          message: pick(questions),
          status: "replied" as const,
          repliedAt: new Date(),
          replyToken: conversation.token,
        })),
      )
      .returning({ id: messages.id, reference: messages.reference });
    const references = new Map(stored.map((row) => [row.id, row.reference]));
    for (const conversation of batch) {
      const reference = references.get(conversation.id) ?? 0;
      if (conversation.reference && conversation.reference !== reference)
        throw new Error("The conversations' references differ from the first database's");
      conversation.reference = reference;
    }
    await handle.db.insert(outgoingEmails).values(
      batch.map((conversation) => ({
        id: conversation.replyId,
        kind: "reply" as const,
        recipients: [conversation.email],
        subject: `Re: Course Information [LTA-${String(conversation.reference).padStart(7, "0")}]`,
        body: staffReply,
        replyTo: replyAddress(INBOUND, conversation.token),
        status: "sent" as const,
        messageId: conversation.id,
        sentAt: new Date(),
      })),
    );
  }
}

/** A new database of the kind, migrated, with the job queues, made the app's database. */
async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await installJobs(handle);
  setDatabase(handle);
  return handle;
}

async function openPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `academy_bench_mail_${randomBytes(4).toString("hex")}`;
  await withPostgres(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  await installJobs(handle);
  setDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withPostgres(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

// --- Measuring ----------------------------------------------------------------------------------

type Row = { name: string; mails: number; seconds: number };

const rate = (row: Row) => row.mails / row.seconds;

async function timed(name: string, mails: number, work: () => Promise<void>): Promise<Row> {
  const started = performance.now();
  await work();
  const row = { name, mails, seconds: (performance.now() - started) / 1000 };
  console.log(`  ${name}: ${rate(row).toFixed(0)} mails/s`);
  return row;
}

async function parseOnly(mailbox: BenchMail[]) {
  for (const mail of mailbox) await readMail(mail.raw, mail.recipients);
}

const add = (counts: Map<string, number>, key: string) =>
  counts.set(key, (counts.get(key) ?? 0) + 1);

/** Why receiving a mail failed: the database's code when it has one (40P01: a deadlock). */
function failureOf(error: unknown) {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  const code = (cause as { code?: unknown }).code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return typeof code === "string" ? `${message} (${code})` : message;
}

/** What receiving a mailbox came to. */
type Tally = {
  outcomes: Map<string, number>;
  /** Mails not threaded as their kind should be, by kind and outcome. */
  unexpected: Map<string, number>;
  /** Mails whose receiving threw (the listener's 451), by reason. */
  failures: Map<string, number>;
  /** Milliseconds spent per kind of mail, and how many. */
  time: Map<MailKind, { ms: number; mails: number }>;
};

const newTally = (): Tally => ({
  outcomes: new Map(),
  unexpected: new Map(),
  failures: new Map(),
  time: new Map(),
});

async function receiveOne(mail: BenchMail, tally: Tally, again = false) {
  const started = performance.now();
  const { outcome } = await receiveMail(mail.raw, { envelopeRecipients: mail.recipients });
  const spent = tally.time.get(mail.kind) ?? { ms: 0, mails: 0 };
  tally.time.set(mail.kind, { ms: spent.ms + performance.now() - started, mails: spent.mails + 1 });
  add(tally.outcomes, outcome);
  if (outcome !== mail.expected)
    add(tally.unexpected, `${mail.kind} → ${outcome}${again ? " (sent again)" : ""}`);
}

/**
 * Every mail received, `concurrency` at a time (an SMTP listener with that many senders). A
 * mail whose receiving throws is what the listener answers 451: it is counted and, as the
 * sender's server would, sent again after the others.
 */
async function receiveAll(mailbox: BenchMail[], concurrency: number, tally: Tally) {
  const retries: BenchMail[] = [];
  let nextIndex = 0;
  const worker = async () => {
    for (let index = nextIndex++; index < mailbox.length; index = nextIndex++) {
      const mail = mailbox[index];
      if (!mail) continue;
      try {
        await receiveOne(mail, tally);
      } catch (error) {
        add(tally.failures, failureOf(error));
        retries.push(mail);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const mail of retries) await receiveOne(mail, tally, true);
}

/**
 * The mailbox received into a database whose conversations are seeded, `senders` mails at a
 * time; then, one at a time, its first mails again. Every mail must be stored once, and each
 * threaded as its kind says.
 */
async function receiveInto(
  handle: DatabaseHandle,
  label: string,
  mailbox: BenchMail[],
  senders: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  const tally = newTally();
  const how = senders === 1 ? "one mail at a time" : `${senders} at once`;
  rows.push(
    await timed(`parsed and stored: ${label}, ${how}`, mailbox.length, () =>
      receiveAll(mailbox, senders, tally),
    ),
  );
  const [stored] = (await handle.db.execute(sql`select count(*)::int as mails from inbound_emails`))
    .rows as { mails: number }[];
  console.log(
    `    ${[...tally.outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(", ")}; stored ${stored?.mails ?? 0}`,
  );
  if (senders === 1)
    console.log(
      `    ms per mail: ${[...tally.time].map(([kind, { ms, mails }]) => `${kind} ${(ms / mails).toFixed(1)}`).join(", ")}`,
    );
  for (const [failure, count] of tally.failures)
    console.log(`    failed and sent again (the listener answers 451): ${count} × ${failure}`);
  if (stored?.mails !== mailbox.length)
    throw new Error(`${mailbox.length} mails received, ${stored?.mails ?? 0} stored`);
  if (tally.unexpected.size)
    throw new Error(
      `Mails not threaded as they should be: ${[...tally.unexpected].map(([what, count]) => `${what} ${count}`).join(", ")}`,
    );
  if (senders === 1) {
    const again = mailbox.slice(0, REDELIVERED);
    const redelivered = newTally();
    rows.push(
      await timed(`delivered again (duplicates): ${label}`, again.length, () =>
        receiveAll(again, 1, redelivered),
      ),
    );
    if (redelivered.outcomes.get("duplicate") !== again.length)
      throw new Error(
        `A redelivered mail was stored again: ${[...redelivered.outcomes].join(", ")}`,
      );
  }
  return rows;
}

function printTable(rows: Row[], parse: Row) {
  const header = ["", "mails", "seconds", "mails/s", "of parse-only rate"];
  const lines = rows.map((row) => [
    row.name,
    row.mails.toLocaleString("en"),
    row.seconds.toFixed(1),
    rate(row).toFixed(0),
    row === parse ? "1" : (rate(row) / rate(parse)).toFixed(3),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...lines].map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  console.log(`\n${format(header)}`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-mail-"));
  try {
    setEnvForTesting(
      loadEnv({
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PUBLIC_URL: `https://${HOST}`,
        INBOUND_REPLY_ADDRESS: INBOUND,
        NOTIFY_EMAILS: `staff@${HOST}`,
      }),
    );
    setMailAttachments(undefined);

    // The mailbox's subjects name the conversations' references: seeded first.
    const files = await attachmentFiles();
    const pglite = await openPglite(dataDir);
    const rows: Row[] = [];
    try {
      await seedConversations(pglite);
      const started = performance.now();
      const mailbox = await buildMailbox(files);
      const bytes = mailbox.reduce((sum, mail) => sum + mail.raw.length, 0);
      const kinds = new Map<MailKind, number>();
      for (const mail of mailbox) kinds.set(mail.kind, (kinds.get(mail.kind) ?? 0) + 1);
      console.log(
        `Mailbox: ${MAILS.toLocaleString("en")} mails, ${(bytes / 1024 / 1024).toFixed(1)} MB, made in ${((performance.now() - started) / 1000).toFixed(1)} s; ${CONVERSATIONS.toLocaleString("en")} conversations staff answered.`,
      );
      console.log(`  ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(", ")}`);

      console.log("\nMeasuring:");
      // A first pass warms the parsers (JIT), as a running server's would be.
      await parseOnly(mailbox.slice(0, 500));
      rows.push(await timed("parse only (readMail)", mailbox.length, () => parseOnly(mailbox)));
      rows.push(...(await receiveInto(pglite, "PGlite on disk", mailbox, 1)));

      if (postgresUrl) {
        for (const senders of [1, 4]) {
          const handle = await openPostgres(postgresUrl);
          try {
            await seedConversations(handle);
            rows.push(...(await receiveInto(handle, "PostgreSQL", mailbox, senders)));
          } finally {
            await handle.close();
          }
        }
      } else console.log("  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to add it)");
    } finally {
      await pglite.close();
    }
    const [parse] = rows;
    if (parse) printTable(rows, parse);
  } finally {
    setEnvForTesting(undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
