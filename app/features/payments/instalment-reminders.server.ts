import { and, asc, eq, gt, inArray, isNull, lte, ne } from "drizzle-orm";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import { applications, instalments, intakes } from "~/db/schema";
import { systemActor } from "~/features/applications/application-history.server";
import { placePayingStatuses } from "~/features/applications/application-rules";
import { defineJob } from "~/features/jobs/define-job.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { emailWithLink, instalmentReminderEmail } from "./payment-emails.server";

/*
 * Reminders of unpaid instalments of accepted and enrolled places (of intakes not cancelled): one three days before the due
 * date (Lagos calendar) and one on the day, each once. An instalment is stamped in the
 * transaction that queues its e-mail, and rows are taken with FOR UPDATE SKIP LOCKED, so two
 * processes running the sweep at once never remind twice. A moved due date clears the stamps.
 */

/** How many days ahead of its due date an instalment is first reminded of. */
export const REMINDER_DAYS_AHEAD = 3;
const BATCH = 50;

type Kind = "ahead" | "on-day";

/** Reminds one batch of `kind`; the number of instalments reminded. */
async function remindBatch(kind: Kind, today: string, now: Date): Promise<number> {
  return db().transaction(async (tx) => {
    const stamp = kind === "ahead" ? instalments.remindedAheadAt : instalments.remindedOnDayAt;
    const due =
      kind === "ahead"
        ? and(
            gt(instalments.dueOn, today),
            lte(instalments.dueOn, addDays(today, REMINDER_DAYS_AHEAD)),
          )
        : eq(instalments.dueOn, today);
    const rows = await tx
      .select({ instalment: instalments, application: applications })
      .from(instalments)
      .innerJoin(applications, eq(applications.id, instalments.applicationId))
      .innerJoin(intakes, eq(intakes.id, applications.intakeId))
      .where(
        and(
          isNull(instalments.paidAt),
          isNull(stamp),
          due,
          inArray(applications.status, placePayingStatuses),
          ne(intakes.status, "cancelled"),
        ),
      )
      .orderBy(asc(instalments.dueOn), asc(instalments.id))
      .limit(BATCH)
      // The application too, as lockMoneyRows would take it first: an application being paid
      // (locked) waits for a later sweep, and no payment waits on an instalment held here.
      .for("update", { of: [applications, instalments], skipLocked: true });
    for (const { instalment, application } of rows) {
      await tx
        .update(instalments)
        .set(kind === "ahead" ? { remindedAheadAt: now } : { remindedOnDayAt: now })
        .where(eq(instalments.id, instalment.id));
      await emailWithLink(
        tx,
        application,
        (about, link) => instalmentReminderEmail(about, instalment, kind, link),
        "instalment-reminded",
        systemActor,
        {
          instalment: String(instalment.number),
          amount: formatNaira(instalment.amount),
          dueOn: instalment.dueOn,
          when: kind,
        },
      );
    }
    return rows.length;
  });
}

/** Sends every reminder due today (Lagos); the number sent. */
export async function sendInstalmentReminders(now = new Date()) {
  const today = lagosToday(now);
  let sent = 0;
  for (const kind of ["ahead", "on-day"] as const) {
    for (;;) {
      const batch = await remindBatch(kind, today, now);
      sent += batch;
      if (batch < BATCH) break;
    }
  }
  return sent;
}

export const instalmentReminderJob = defineJob({
  name: "instalment-reminders",
  payload: z.object({}),
  // Hourly: a process down at 8 o'clock still reminds that day.
  schedule: "5 * * * *",
  retry: { retryLimit: 3, retryDelay: 300, expireInSeconds: 15 * 60 },
  run: async () => {
    await sendInstalmentReminders();
  },
});
