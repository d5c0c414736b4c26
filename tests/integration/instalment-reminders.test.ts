import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applicationEvents, applications, instalments } from "~/db/schema";
import { startJobQueue, stopJobQueue } from "~/features/jobs/job-queue.server";
import {
  instalmentReminderJob,
  sendInstalmentReminders,
} from "~/features/payments/instalment-reminders.server";
import { moveDueDate } from "~/features/payments/staff/staff-payments.server";
import { addDays } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import { acceptedPlace, tokenFromText } from "../support/application-fixtures";
import { emailsTo } from "../support/outgoing-mail";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

/** Noon in Lagos on `day`. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+01:00`);

/** An accepted place with one instalment per due date given (1 kobo each, none paid). */
async function placeDue(
  dueDates: string[],
  status: "accepted" | "enrolled" | "withdrawn" = "accepted",
) {
  const { application } = await acceptedPlace();
  await db()
    .update(applications)
    .set({ status, paymentPlan: "monthly" })
    .where(eq(applications.id, application.id));
  const rows = await db()
    .insert(instalments)
    .values(
      dueDates.map((dueOn, index) => ({
        applicationId: application.id,
        number: index + 1,
        amount: 5_000_000,
        dueOn,
      })),
    )
    .returning();
  return { application, instalments: rows };
}

async function reminderEvents(applicationId: string) {
  const rows = await db()
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt));
  return rows.filter((row) => row.kind === "instalment-reminded").map((row) => row.detail);
}

describe("instalment reminders", () => {
  const today = "2027-03-10";
  const now = noonOf(today);

  it("reminds 3 days ahead and on the day, each once, even when two sweeps run at once", async () => {
    const { application } = await placeDue([addDays(today, 3), today, addDays(today, 10)]);
    await Promise.all([sendInstalmentReminders(now), sendInstalmentReminders(now)]);
    await sendInstalmentReminders(now);
    const sent = await emailsTo(application.email);
    expect(sent.map((email) => email.subject).sort()).toEqual(
      [
        expect.stringMatching(/^Instalment 1 is due on Saturday.*13 March 2027/),
        expect.stringMatching(/^Instalment 2 is due today/),
      ].sort(),
    );
    for (const email of sent) expect(tokenFromText(email.body)).toHaveLength(43);
    expect(await reminderEvents(application.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instalment: "1", when: "ahead" }),
        expect.objectContaining({ instalment: "2", when: "on-day" }),
      ]),
    );
    expect(await reminderEvents(application.id)).toHaveLength(2);
    // The next days: instalment 1 is reminded on its day, once; instalment 2 is overdue.
    await sendInstalmentReminders(noonOf(addDays(today, 1)));
    await sendInstalmentReminders(noonOf(addDays(today, 3)));
    await sendInstalmentReminders(noonOf(addDays(today, 3)));
    expect(await reminderEvents(application.id)).toHaveLength(3);
  });

  it("reminds no paid instalment, and no place withdrawn", async () => {
    const paid = await placeDue([today]);
    await db()
      .update(instalments)
      .set({ paidAt: now })
      .where(eq(instalments.applicationId, paid.application.id));
    const withdrawn = await placeDue([today], "withdrawn");
    const enrolled = await placeDue([today], "enrolled");
    await sendInstalmentReminders(now);
    expect(await emailsTo(paid.application.email)).toEqual([]);
    expect(await emailsTo(withdrawn.application.email)).toEqual([]);
    expect(await emailsTo(enrolled.application.email)).toHaveLength(1);
  });

  it("reminds again for a moved due date", async () => {
    const admin = await makeAdmin();
    const {
      application,
      instalments: [first],
    } = await placeDue([addDays(today, 2)]);
    await sendInstalmentReminders(now);
    expect(await reminderEvents(application.id)).toHaveLength(1);
    await moveDueDate(
      admin,
      application.id,
      first?.id ?? "",
      addDays(today, 20),
      "Agreed on the phone",
      now,
    );
    const later = addDays(today, 17);
    await sendInstalmentReminders(noonOf(later));
    expect(await reminderEvents(application.id)).toHaveLength(2);
  });

  it("is a sweep pg-boss runs on its schedule (Lagos time) once the queue is worked on", async () => {
    await startJobQueue([instalmentReminderJob], { pollingIntervalSeconds: 0.5 });
    try {
      const scheduled = await database().executeSql(
        "SELECT name, cron, timezone FROM pgboss.schedule WHERE name = $1",
        [instalmentReminderJob.name],
      );
      expect(scheduled.rows).toEqual([
        {
          name: "instalment-reminders",
          cron: instalmentReminderJob.schedule,
          timezone: "Africa/Lagos",
        },
      ]);
    } finally {
      await stopJobQueue({ graceful: false });
    }
  });
});
