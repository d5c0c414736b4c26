import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages, outgoingEmails, rateLimits } from "~/db/schema";
import type { FormRow } from "~/features/messages/intake/submit.server";
import { storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { staffAlertEmail } from "~/features/messages/message-emails.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { startJobs, stopJobs } from "../../server/jobs.server";
import { uniqueAddress } from "../support/admin-session";
import { eventually } from "../support/inbox-fixtures";
import { emailsSettled } from "../support/outgoing-mail";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
let dataDir: string;

const RECIPIENTS = "a@x.ng,b@x.ng";

/**
 * The app's environment for a test: alerts to two addresses, mail to a fresh data folder, and
 * no acknowledgements to visitors (acknowledgements.test.ts has them), so the outbox holds
 * alerts only.
 */
function environment(overrides: Record<string, string> = {}) {
  return loadEnv({
    ...process.env,
    DATABASE_URL: "",
    PUBLIC_URL: "https://academy.example.ng",
    NOTIFY_EMAILS: RECIPIENTS,
    SEND_ACKNOWLEDGEMENTS: "false",
    SMTP_URL: "",
    DATA_DIR: dataDir,
    ...overrides,
  });
}

beforeAll(async () => {
  await startJobs({ pollingIntervalSeconds: 0.5, emailRetry: { retryDelay: 1 } });
});

afterAll(async () => {
  await stopJobs({ graceful: false });
});

beforeEach(async () => {
  await database().db.delete(outgoingEmails);
  await database().db.delete(messages);
  await database().db.delete(rateLimits);
  dataDir = await mkdtemp(path.join(tmpdir(), "academy-alerts-"));
  setEnvForTesting(environment());
});

afterEach(async () => {
  setEnvForTesting(undefined);
  await rm(dataDir, { recursive: true, force: true });
});

const outbox = () => path.join(dataDir, "outbox");

async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(outbox())).filter((name) => name.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** A raw e-mail's headers and its body, decoded from quoted-printable when it is. */
function parseMail(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join("\n\n");
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) {
    body = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    body = Buffer.from(body, "latin1").toString("utf8");
  }
  const header = (name: string) =>
    headers
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  return { headers, header, body };
}

/** Waits for the outbox's e-mail about one message. */
async function mailAbout(id: string) {
  return eventually(async () => {
    for (const name of await outboxFiles()) {
      const mail = parseMail(await readFile(path.join(outbox(), name), "utf8"));
      if (mail.body.includes(id)) return mail;
    }
    return undefined;
  });
}

const inquiry: FormRow = {
  formType: "inquiry",
  fullName: "Ibrahim Musa",
  email: "ibrahim@example.ng",
  phone: "+234 802 000 1111",
  inquiryType: "I want to know about pricing",
  courseInterest: "Digital Marketing",
  contactMethod: "Phone / WhatsApp",
  message: "Is there an instalment plan?",
  consentGiven: true,
};

const contact: FormRow = {
  formType: "contact",
  fullName: "Chiamaka Eze",
  email: "chiamaka@example.com",
  phone: null,
  subject: "Enrollment Inquiry",
  message: "How do I enrol for the next cohort?",
};

const ID = "0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11";
/** As stored: with its id, reference and time (10:30 in Lagos). */
const stored = (row: FormRow) =>
  ({
    phone: null,
    subject: null,
    message: null,
    inquiryType: null,
    courseInterest: null,
    contactMethod: null,
    ...row,
    id: ID,
    reference: 1234,
    createdAt: new Date("2026-03-03T09:30:00Z"),
    waitingSince: new Date("2026-03-03T09:30:00Z"),
  }) as const;

describe("staffAlertEmail", () => {
  it("names the sender, the form, the course and the reference, and links to the message", () => {
    const alert = staffAlertEmail(stored(inquiry), "https://academy.example.ng");
    expect(alert.subject).toBe("New inquiry from Ibrahim Musa (Digital Marketing) [LTA-0001234]");
    const lines = alert.text.split("\n");
    expect(lines).toContain("Reference: LTA-0001234");
    expect(lines).toContain("Received: 3 Mar 2026, 10:30 (Lagos time)");
    expect(lines).toContain("From: Ibrahim Musa <ibrahim@example.ng>");
    expect(lines).toContain("Phone: +234 802 000 1111");
    expect(lines).toContain("Form: Course inquiry");
    expect(lines).toContain("Course of interest: Digital Marketing");
    expect(lines).toContain("Purpose: I want to know about pricing");
    expect(lines).toContain("Preferred contact: Phone / WhatsApp");
    expect(lines).toContain("Is there an instalment plan?");
    expect(lines.at(-1)).toBe(
      `Open it in the portal: https://academy.example.ng/admin-portal/messages?id=${ID}`,
    );
  });

  it("describes a contact message without a course or phone", () => {
    const alert = staffAlertEmail(stored(contact), "http://localhost:3000");
    expect(alert.subject).toBe("New contact message from Chiamaka Eze [LTA-0001234]");
    expect(alert.text).toContain("A new contact message has arrived.");
    expect(alert.text).toContain("From: Chiamaka Eze <chiamaka@example.com>");
    expect(alert.text).toContain("Form: Contact form");
    expect(alert.text).toContain("Subject: Enrollment Inquiry");
    expect(alert.text).not.toContain("Course of interest");
    expect(alert.text).not.toContain("Phone:");
    expect(alert.text).toContain(`http://localhost:3000/admin-portal/messages?id=${ID}`);
  });
});

async function store(row: FormRow) {
  const outcome = await storeVisitorMessage({ ...row, ipAddress: uniqueAddress() }, "");
  if (outcome.status !== "stored") throw new Error(`Not stored: ${outcome.status}`);
  return outcome.id;
}

describe("the staff alert of a stored message", () => {
  it("is written to the outbox, to NOTIFY_EMAILS, when there is no SMTP server", async () => {
    const id = await store(inquiry);
    await emailsSettled();
    const files = await outboxFiles();
    expect(files).toHaveLength(1);
    const mail = parseMail(await readFile(path.join(outbox(), files[0] ?? ""), "utf8"));
    expect(mail.header("To")).toBe("a@x.ng, b@x.ng");
    const [message] = await database().db.select().from(messages).where(eq(messages.id, id));
    const reference = `LTA-${String(message?.reference).padStart(7, "0")}`;
    expect(mail.header("Subject")).toBe(
      `New inquiry from Ibrahim Musa (Digital Marketing) [${reference}]`,
    );
    expect(mail.body).toContain(`Reference: ${reference}`);
    expect(mail.body).toContain("From: Ibrahim Musa <ibrahim@example.ng>");
    expect(mail.body).toContain("Form: Course inquiry");
    expect(mail.body).toContain("Course of interest: Digital Marketing");
    expect(mail.body).toContain(`https://academy.example.ng/admin-portal/messages?id=${id}`);
  });

  it("is not queued when NOTIFY_EMAILS is empty", async () => {
    setEnvForTesting(environment({ NOTIFY_EMAILS: "" }));
    await store(inquiry);
    expect(await database().db.select().from(outgoingEmails)).toEqual([]);
    expect(await outboxFiles()).toEqual([]);
  });

  it("keeps a visitor's line breaks out of the e-mail's headers", async () => {
    await store({ ...contact, fullName: "Eve\r\nBcc: victim@x.ng" });
    await emailsSettled();
    const [file] = await outboxFiles();
    const mail = parseMail(await readFile(path.join(outbox(), file ?? ""), "utf8"));
    expect(mail.headers.split(/\r?\n/).some((line) => /^bcc:/i.test(line))).toBe(false);
    expect(mail.header("To")).toBe("a@x.ng, b@x.ng");
  });

  it("is not sent for a honeypot submission or a rate-limited one", async () => {
    expect(
      await storeVisitorMessage({ ...contact, ipAddress: uniqueAddress() }, "bot text"),
    ).toEqual({
      status: "ignored",
    });
    const address = uniqueAddress();
    const stored: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const outcome = await storeVisitorMessage({ ...contact, ipAddress: address }, "");
      if (outcome.status === "stored") stored.push(outcome.id);
      else expect(outcome.status).toBe("rate-limited");
    }
    expect(stored).toHaveLength(5);
    for (const id of stored) await mailAbout(id);
    await emailsSettled();
    expect(await outboxFiles()).toHaveLength(5);
  });

  it("waits in the queue, never losing the message, while the SMTP server cannot be reached", async () => {
    setEnvForTesting(environment({ SMTP_URL: "smtp://127.0.0.1:1" }));
    const id = await store(inquiry);
    const [row] = await database().db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ fullName: "Ibrahim Musa", status: "unread" });
    const alert = await eventually(async () => {
      const [email] = await database()
        .db.select()
        .from(outgoingEmails)
        .where(eq(outgoingEmails.messageId, id));
      return email && email.attempts > 0 ? email : undefined;
    });
    expect(alert).toMatchObject({ status: "queued", attempts: 1 });
    expect(await outboxFiles()).toEqual([]);
  });

  describe("with an SMTP server that never answers", () => {
    let server: Server;
    const sockets = new Set<Socket>();
    let port = 0;

    beforeEach(async () => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => {});
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as { port: number }).port;
    });

    afterEach(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    });

    it("does not delay storing the message", async () => {
      setEnvForTesting(environment({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
      const started = Date.now();
      const id = await store(contact);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await database().db.select().from(messages).where(eq(messages.id, id))).toHaveLength(
        1,
      );
      // The alert is being sent: connected, and no greeting yet.
      await eventually(() => (sockets.size > 0 ? true : undefined));
      const [waiting] = await database().db.select().from(outgoingEmails);
      expect(waiting).toMatchObject({ status: "queued", attempts: 0 });
      // Dropping the connection fails this try, which is recorded for the next one.
      for (const socket of sockets) socket.destroy();
      await eventually(async () => {
        const [email] = await database().db.select().from(outgoingEmails);
        return email && email.attempts > 0 ? email : undefined;
      });
    });
  });
});
