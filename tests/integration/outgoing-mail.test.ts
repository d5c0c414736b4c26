import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { messages, type OutgoingEmail, outgoingEmails } from "~/db/schema";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import type { FormRow } from "~/features/messages/intake/submit.server";
import { storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { outgoingMailOverview } from "~/features/outgoing-mail/outgoing-mail.server";
import { outgoingMailMessages } from "~/features/outgoing-mail/schema";
import * as settingsRoute from "~/routes/admin/settings";
import { startJobs, stopJobs } from "../../server/jobs.server";
import {
  getRequest,
  loginRequest,
  makeAdmin,
  outcomeOf,
  postRequest,
  signedInAdmin,
  signInCookie,
  uniqueAddress,
} from "../support/admin-session";
import { eventually } from "../support/inbox-fixtures";
import { setupMailDelivery } from "../support/mail-delivery";
import { allOutgoingEmails, emailsSettled } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const STAFF = ["alerts@academy.test", "desk@academy.test"];
/** Three tries per e-mail, one to two seconds apart, then two to four. */
const RETRY_LIMIT = 2;

const jobOptions = {
  pollingIntervalSeconds: 0.5,
  emailRetry: { retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true },
};

/** Staff alerts only: acknowledgements to visitors are tested in acknowledgements.test.ts. */
const delivery = setupMailDelivery({
  name: "outgoing-mail",
  env: { NOTIFY_EMAILS: STAFF.join(","), SEND_ACKNOWLEDGEMENTS: "false" },
  jobs: jobOptions,
  tables: [outgoingEmails, messages],
});

afterEach(() => delivery.smtp.reset());

const inquiry = (fullName: string): FormRow => ({
  formType: "inquiry",
  fullName,
  email: "visitor@example.ng",
  inquiryType: "I want to know about pricing",
  courseInterest: "Data Analysis",
  message: "Is there a weekend class?",
  consentGiven: true,
  ipAddress: uniqueAddress(),
});

async function submit(fullName = "Amaka Obi") {
  const outcome = await storeVisitorMessage(inquiry(fullName), "");
  if (outcome.status !== "stored") throw new Error(`Not stored: ${outcome.status}`);
  return outcome.id;
}

async function emailAbout(messageId: string): Promise<OutgoingEmail> {
  const [row] = await database()
    .db.select()
    .from(outgoingEmails)
    .where(eq(outgoingEmails.messageId, messageId));
  if (!row) throw new Error(`No e-mail about message ${messageId}`);
  return row;
}

const temporaryRefusal = { code: 451, text: "4.3.0 Try again later" };

describe("a visitor's message and its staff alert", () => {
  it("are stored together, and the alert is delivered once with a stable Message-ID", async () => {
    const id = await submit();
    const [email] = await allOutgoingEmails();
    expect(email).toMatchObject({
      kind: "staff-alert",
      recipients: STAFF,
      subject: expect.stringMatching(
        /^New inquiry from Amaka Obi \(Data Analysis\) \[LTA-\d{7}\]$/,
      ),
      messageId: id,
    });
    const [sent] = await emailsSettled();
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(delivery.smtp.received).toHaveLength(1);
    expect(delivery.smtp.received[0]?.messageId).toBe(`<${email?.id}@localhost>`);
    expect(delivery.smtp.received[0]?.to).toEqual(STAFF);
    expect(delivery.smtp.received[0]?.text).toContain(`/admin-portal/messages?id=${id}`);
  });

  it("are not stored at all when the alert cannot be queued", async () => {
    await changeSchema(`
      CREATE FUNCTION refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the job queue refuses'; END $$;
      CREATE TRIGGER refuse_jobs BEFORE INSERT ON pgboss.job
        FOR EACH ROW EXECUTE FUNCTION refuse_jobs();
    `);
    try {
      await expect(submit()).rejects.toThrow();
    } finally {
      await changeSchema("DROP TRIGGER refuse_jobs ON pgboss.job; DROP FUNCTION refuse_jobs();");
    }
    expect(await database().db.select().from(messages)).toEqual([]);
    expect(await allOutgoingEmails()).toEqual([]);
  });

  it("survives a database that refuses to mark a delivered job done, and sends nothing twice", async () => {
    // pg-boss 10 does not await its complete() after a job: unguarded, this refusal is an
    // unhandled rejection that stops the process (the fleet suite saw it under load).
    await changeSchema(`
      CREATE FUNCTION refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.state = 'completed' THEN RAISE EXCEPTION 'the database refuses'; END IF;
          RETURN NEW;
        END $$;
      CREATE TRIGGER refuse_completion BEFORE UPDATE ON pgboss.job
        FOR EACH ROW EXECUTE FUNCTION refuse_completion();
    `);
    try {
      const id = await submit();
      await eventually(async () => ((await emailAbout(id)).status === "sent" ? true : undefined));
      // Long enough for the worker to try to mark the job done, and to poll again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(delivery.smtp.received).toHaveLength(1);
    } finally {
      await changeSchema(
        "DROP TRIGGER refuse_completion ON pgboss.job; DROP FUNCTION refuse_completion();",
      );
    }
  });

  it("keeps the message and queues the alert while the mail server is unreachable", async () => {
    delivery.setEnvironment({ SMTP_URL: "smtp://127.0.0.1:1" });
    const id = await submit();
    expect(await database().db.select().from(messages)).toHaveLength(1);
    const waiting = await eventually(async () => {
      const row = await emailAbout(id);
      return row.attempts > 0 ? row : undefined;
    });
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    // Settings shows when the next try is due, while the queue waits to retry it.
    const listed = await eventually(async () => {
      const [email] = (await outgoingMailOverview()).emails;
      return email?.nextTryAt ? email : undefined;
    });
    expect(listed.nextTryAt?.getTime()).toBeGreaterThan(listed.createdAt.getTime());
    expect(listed.lastError).toMatch(/ECONNREFUSED/);
  });
});

/**
 * Adds or drops a test's trigger on a table the job queue's workers are updating. PostgreSQL
 * may end the DDL as the victim of a deadlock with a worker's update (seen on a busy machine);
 * it is then run again, as an application would retry a deadlocked transaction.
 */
async function changeSchema(statements: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database().executeSql(statements);
    } catch (error) {
      const deadlock = (error as { code?: string }).code === "40P01";
      if (!deadlock || attempt === 5) throw error;
    }
  }
}

/**
 * Makes the database refuse the changes (`UPDATE`, or `UPDATE OR DELETE`) of rows of `table`
 * that `condition` picks out, as an outage would, counting each refusal in a sequence (which no
 * rollback undoes). Returns how many were refused so far, and the database's return.
 */
async function refuseWrites(table: string, changes: string, condition: string) {
  await changeSchema(`
    CREATE SEQUENCE refusals;
    CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN
          PERFORM nextval('refusals');
          RAISE EXCEPTION 'the database is out of reach';
        END IF;
        RETURN COALESCE(NEW, OLD);
      END $$;
    CREATE TRIGGER refuse_write BEFORE ${changes} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION refuse_write();
  `);
  let restored = false;
  return {
    refused: async () => {
      const { rows } = await database().executeSql(
        "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS count FROM refusals",
        [],
      );
      return Number((rows[0] as { count: string }).count);
    },
    restore: async () => {
      if (restored) return;
      restored = true;
      await changeSchema(
        `DROP TRIGGER refuse_write ON ${table}; DROP FUNCTION refuse_write(); DROP SEQUENCE refusals;`,
      );
    },
  };
}

describe("after the database was out of reach for a moment", () => {
  it("an e-mail the mail server took is recorded as sent once the database answers, and never sent again", async () => {
    const outage = await refuseWrites("outgoing_emails", "UPDATE", "NEW.status = 'sent'");
    try {
      await submit();
      // Refused twice: the job kept at the record rather than trying the e-mail again.
      await eventually(async () => ((await outage.refused()) >= 2 ? true : undefined));
      expect(delivery.smtp.received).toHaveLength(1);
      await outage.restore();
      const [email] = await emailsSettled();
      expect(email).toMatchObject({ status: "sent", attempts: 1 });
      expect(delivery.smtp.tries()).toBe(1);
    } finally {
      await outage.restore();
    }
  });

  it("a job whose end the database could not record holds back no e-mail until it expires", async () => {
    await stopJobs({ graceful: false });
    // The first alert's first try is refused by the mail server; the database refuses to
    // record that (a failed job is deleted and inserted again), or any job's end, for a while.
    delivery.smtp.answerWith((tryNumber) => (tryNumber === 1 ? temporaryRefusal : null));
    const outage = await refuseWrites("pgboss.job", "UPDATE OR DELETE", "OLD.state = 'active'");
    try {
      await submit("Bola Ade");
      await submit("Chidi Eze");
      await startJobs(jobOptions);
      await eventually(async () => ((await outage.refused()) >= 1 ? true : undefined));
      await outage.restore();
      // Both are sent within seconds (a job left active would wait 5 minutes to expire).
      const rows = await emailsSettled();
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
      expect(delivery.smtp.received).toHaveLength(2);
    } finally {
      await outage.restore();
    }
  });
});

describe("with a mail server that refuses for a while, then accepts", () => {
  it("delivers every alert exactly once", async () => {
    // The first four tries are refused: each alert's first one, and one retry.
    delivery.smtp.answerWith((tryNumber) => (tryNumber <= 4 ? temporaryRefusal : null));
    const ids = [await submit("Bola Ade"), await submit("Chidi Eze"), await submit("Dayo Ojo")];
    const rows = await emailsSettled();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
    // A late duplicate (a repeated job) would arrive within a poll or two.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(delivery.smtp.received).toHaveLength(3);
    expect(delivery.smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      rows.map((row) => `<${row.id}@localhost>`).sort(),
    );
    for (const id of ids) {
      expect(
        delivery.smtp.received.filter((mail) => mail.text.includes(`messages?id=${id}`)),
      ).toHaveLength(1);
    }
    expect(rows.reduce((total, row) => total + row.attempts, 0)).toBe(7);
    expect(delivery.smtp.tries()).toBe(7);
  });
});

describe("an e-mail that keeps failing", () => {
  it("is given up after its retries and kept as failed, with the server's answer", async () => {
    delivery.smtp.answerWith(() => temporaryRefusal);
    const id = await submit();
    const [row] = await emailsSettled();
    expect(row).toMatchObject({ status: "failed", attempts: RETRY_LIMIT + 1, messageId: id });
    expect(row?.lastError).toMatch(/451 4\.3\.0 Try again later/);
    expect(delivery.smtp.received).toEqual([]);
  });

  it("fails at once on a refusal for good; a super admin's retry sends it, an admin's is refused", async () => {
    delivery.smtp.answerWith(() => ({ code: 550, text: "5.7.1 Relaying denied" }));
    await submit();
    const [failed] = await emailsSettled();
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.lastError).toMatch(/550 5\.7\.1 Relaying denied/);
    delivery.smtp.answerWith(() => null);
    const retry = { intent: "retry-email", id: failed?.id ?? "" };

    const { cookie: adminCookie } = await signedInAdmin({ role: "admin" });
    const refused = await outcomeOf(() =>
      settingsRoute.action(
        routeArgs(postRequest("/admin-portal/settings", retry, { cookie: adminCookie })),
      ),
    );
    expect(refused).toMatchObject({ kind: "data", status: 403 });
    expect((await allOutgoingEmails())[0]).toMatchObject({ status: "failed", attempts: 1 });

    const { cookie } = await signedInAdmin({ role: "super_admin" });
    const accepted = await outcomeOf(() =>
      settingsRoute.action(routeArgs(postRequest("/admin-portal/settings", retry, { cookie }))),
    );
    expect(accepted).toMatchObject({ kind: "redirect", location: "/admin-portal/settings" });
    const [sent] = await emailsSettled();
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(delivery.smtp.received).toHaveLength(1);
    // Sent in the end: no error or next try is shown for it any more.
    expect((await outgoingMailOverview()).emails[0]).toMatchObject({
      status: "sent",
      lastError: null,
      nextTryAt: null,
    });

    const again = await outcomeOf(() =>
      settingsRoute.action(routeArgs(postRequest("/admin-portal/settings", retry, { cookie }))),
    );
    expect(again).toMatchObject({
      kind: "data",
      status: 409,
      data: { result: { error: { "": [outgoingMailMessages.notFailed] } } },
    });
  });

  it("is listed, with counts per status, for super admins only", async () => {
    delivery.smtp.answerWith((tryNumber) =>
      tryNumber === 1 ? { code: 550, text: "5.1.1 No such mailbox" } : null,
    );
    await submit("Efe Uko");
    await emailsSettled();
    await submit("Funmi Ola");
    await emailsSettled();
    const superAdmin = await makeAdmin({ role: "super_admin" });
    const page = await outcomeOf(async () =>
      settingsRoute.loader(
        routeArgs(
          getRequest("/admin-portal/settings", {
            cookie: await signInCookie(superAdmin.email),
          }),
        ),
      ),
    );
    expect(page).toMatchObject({
      kind: "value",
      data: {
        outgoingMail: {
          counts: { queued: 0, sent: 1, failed: 1 },
          emails: [
            {
              subject: expect.stringMatching(
                /^New inquiry from Funmi Ola \(Data Analysis\) \[LTA-/,
              ),
              status: "sent",
            },
            {
              subject: expect.stringMatching(/^New inquiry from Efe Uko \(Data Analysis\) \[LTA-/),
              status: "failed",
            },
          ],
        },
      },
    });
    const admin = await makeAdmin({ role: "admin" });
    const adminPage = await outcomeOf(async () =>
      settingsRoute.loader(
        routeArgs(
          getRequest("/admin-portal/settings", { cookie: await signInCookie(admin.email) }),
        ),
      ),
    );
    expect(adminPage).toMatchObject({ kind: "value", data: { outgoingMail: null } });
  });
});

describe("the password reset e-mail", () => {
  it("goes through the queue to the mail server", async () => {
    const admin = await makeAdmin({ role: "admin", name: "Gbenga Ade" });
    await requestPasswordReset(loginRequest(), admin.email);
    const [email] = await eventually(async () => {
      const rows = await allOutgoingEmails();
      return rows.length ? rows : undefined;
    });
    expect(email).toMatchObject({ kind: "password-reset", recipients: [admin.email] });
    const [sent] = await emailsSettled();
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(delivery.smtp.received).toHaveLength(1);
    expect(delivery.smtp.received[0]?.to).toEqual([admin.email]);
    expect(delivery.smtp.received[0]?.text).toContain("Hello Gbenga Ade,");
    expect(delivery.smtp.received[0]?.text).toMatch(/reset-password\?token=/);
  });
});
