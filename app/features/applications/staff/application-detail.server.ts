import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  type ApplicationEventKind,
  admins,
  applicationEvents,
  applications,
  courses,
  intakes,
  messages,
  type OutgoingEmail,
  outgoingEmails,
} from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { samePerson } from "~/lib/text/same-person";
import { selectApplications } from "../application-query.server";
import { waitlistPlace } from "../places.server";

/** At most this many of a person's other applications and messages are listed. */
export const PERSON_RECORDS_LISTED = 10;
/** An application's timeline shows at most this many entries, the newest. */
export const APPLICATION_TIMELINE_LIMIT = 200;

/** One application as staff open it: the answers, its intake and who looks after it. */
export async function getApplication(id: string) {
  if (!isUuid(id)) return null;
  return db().transaction(async (tx) => {
    const [row] = await selectApplications(tx, {
      application: applications,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
      startsOn: intakes.startsOn,
      admissionMode: intakes.admissionMode,
      assignedName: admins.name,
    })
      .leftJoin(admins, eq(admins.id, applications.assignedTo))
      .where(eq(applications.id, id));
    if (!row) return null;
    const { application, ...intake } = row;
    return { ...application, ...intake, waitlistPlace: await waitlistPlace(tx, application) };
  });
}

export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

export type ApplicationTimelineEntry = {
  id: string;
  kind: ApplicationEventKind;
  at: Date;
  /** Who did it, as staff read it: an admin's name, 'The applicant', 'System'. */
  actor: string;
  detail: Record<string, string | null> | null;
  /** The e-mail the event sent and whether the mail server took it. */
  email: {
    status: OutgoingEmail["status"];
    recipients: string[];
    lastError: string | null;
  } | null;
};

const actorNames = { applicant: "The applicant", system: "System" } as const;
export const FORMER_ADMIN = "A former admin";

/** An application's history, oldest first (the newest APPLICATION_TIMELINE_LIMIT entries). */
export async function applicationTimeline(id: string) {
  const rows = await db()
    .select({
      id: applicationEvents.id,
      kind: applicationEvents.kind,
      at: applicationEvents.createdAt,
      actorKind: applicationEvents.actorKind,
      actorName: admins.name,
      detail: applicationEvents.detail,
      emailStatus: outgoingEmails.status,
      recipients: outgoingEmails.recipients,
      lastError: outgoingEmails.lastError,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(applicationEvents)
    .leftJoin(admins, eq(admins.id, applicationEvents.actorId))
    .leftJoin(outgoingEmails, eq(outgoingEmails.id, applicationEvents.emailId))
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(desc(applicationEvents.createdAt), desc(applicationEvents.id))
    .limit(APPLICATION_TIMELINE_LIMIT);
  rows.reverse();
  const assigneeIds = rows.flatMap((row) =>
    row.kind === "assigned" ? [row.detail?.from, row.detail?.to].filter(isUuid) : [],
  );
  const names = new Map(
    assigneeIds.length
      ? (
          await db()
            .select({ id: admins.id, name: admins.name })
            .from(admins)
            .where(inArray(admins.id, assigneeIds))
        ).map((row) => [row.id, row.name])
      : [],
  );
  const assignee = (id: string | null | undefined) => (id ? (names.get(id) ?? FORMER_ADMIN) : null);
  const entries = rows.map(
    (row): ApplicationTimelineEntry => ({
      id: row.id,
      kind: row.kind,
      at: row.at,
      actor:
        row.actorKind === "staff" ? (row.actorName ?? FORMER_ADMIN) : actorNames[row.actorKind],
      detail:
        row.kind === "assigned"
          ? { from: assignee(row.detail?.from), to: assignee(row.detail?.to) }
          : row.detail,
      email: row.emailStatus
        ? {
            status: row.emailStatus,
            recipients: row.recipients ?? [],
            lastError: row.emailStatus === "failed" ? row.lastError : null,
          }
        : null,
    }),
  );
  return { entries, hidden: (rows[0]?.total ?? 0) - rows.length };
}

export type ApplicationTimeline = Awaited<ReturnType<typeof applicationTimeline>>;

type Person = { id: string; email: string; phone: string };

/** Same address (any case) or the same phone number, and not the record itself. */
const samePersonBut = (person: Person, table: typeof applications | typeof messages) =>
  and(samePerson(table, person), ne(table.id, person.id));

/**
 * The person's other applications and their messages, matched by e-mail address or phone
 * number: the newest PERSON_RECORDS_LISTED of each, with how many there are.
 */
export async function personRecordsOf(person: Person) {
  const [otherApplications, theirMessages] = await Promise.all([
    selectApplications(db(), {
      id: applications.id,
      reference: applications.reference,
      status: applications.status,
      createdAt: applications.createdAt,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
      .where(samePersonBut(person, applications))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(PERSON_RECORDS_LISTED),
    db()
      .select({
        id: messages.id,
        createdAt: messages.createdAt,
        subject: messages.subject,
        inquiryType: messages.inquiryType,
        courseInterest: messages.courseInterest,
        status: messages.status,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(messages)
      .where(samePersonBut(person, messages))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(PERSON_RECORDS_LISTED),
  ]);
  const strip = <Row extends { total: number }>(rows: Row[]) =>
    rows.map(({ total: _, ...row }) => row);
  return {
    applications: strip(otherApplications),
    applicationCount: otherApplications[0]?.total ?? 0,
    messages: strip(theirMessages),
    messageCount: theirMessages[0]?.total ?? 0,
  };
}

export type PersonRecords = Awaited<ReturnType<typeof personRecordsOf>>;
