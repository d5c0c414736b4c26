import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  applicationEvents,
  applicationLinks,
  applications,
  courses,
  intakes,
  messageEvents,
  messages,
  outgoingEmails,
} from "~/db/schema";
import { selectApplications } from "~/features/applications/application-query.server";
import { logger } from "~/lib/infra/logger.server";
import { samePerson } from "~/lib/text/same-person";
import type { PersonKey } from "./person-key";

/*
 * What the academy holds about one person, for a super admin to hand over or erase, as
 * Nigeria's Data Protection Act gives people the right to ask. Authorization: the route guards
 * with requireSuperAdmin; nothing here checks again.
 */

/** At most this many records of each kind: a person with more is a spammer, not a person. */
const RECORDS_MAX = 1_000;

/** The person's messages and applications, oldest first, as the page lists them. */
export async function findPersonRecords(key: PersonKey) {
  const [messageRows, applicationRows] = await Promise.all([
    db()
      .select({
        id: messages.id,
        reference: messages.reference,
        createdAt: messages.createdAt,
        formType: messages.formType,
        fullName: messages.fullName,
        status: messages.status,
      })
      .from(messages)
      .where(samePerson(messages, key))
      .orderBy(asc(messages.createdAt))
      .limit(RECORDS_MAX),
    selectApplications(db(), {
      id: applications.id,
      reference: applications.reference,
      createdAt: applications.createdAt,
      fullName: applications.fullName,
      status: applications.status,
      courseTitle: courses.title,
      intakeLabel: intakes.label,
    })
      .where(samePerson(applications, key))
      .orderBy(asc(applications.createdAt))
      .limit(RECORDS_MAX),
  ]);
  return { messages: messageRows, applications: applicationRows };
}

/** Everything held about the person, as one JSON document to hand over. */
export async function exportPersonData(key: PersonKey, now = new Date()) {
  const found = await findPersonRecords(key);
  const messageIds = found.messages.map((row) => row.id);
  const applicationIds = found.applications.map((row) => row.id);
  const [messageRows, messageHistory, applicationRows, applicationHistory] = await Promise.all([
    messageIds.length ? db().select().from(messages).where(inArray(messages.id, messageIds)) : [],
    messageIds.length
      ? db().select().from(messageEvents).where(inArray(messageEvents.messageId, messageIds))
      : [],
    applicationIds.length
      ? db().select().from(applications).where(inArray(applications.id, applicationIds))
      : [],
    applicationIds.length
      ? db()
          .select()
          .from(applicationEvents)
          .where(inArray(applicationEvents.applicationId, applicationIds))
      : [],
  ]);
  const emailsSent = await db()
    .select({
      createdAt: outgoingEmails.createdAt,
      subject: outgoingEmails.subject,
      body: outgoingEmails.body,
      status: outgoingEmails.status,
    })
    .from(outgoingEmails)
    .where(emailsTo(key, messageIds))
    .orderBy(asc(outgoingEmails.createdAt))
    .limit(RECORDS_MAX);
  return {
    exportedAt: now.toISOString(),
    about: key,
    messages: messageRows.map((row) => ({
      ...row,
      history: messageHistory.filter((event) => event.messageId === row.id),
    })),
    applications: applicationRows.map((row) => ({
      ...row,
      history: applicationHistory.filter((event) => event.applicationId === row.id),
    })),
    emailsSent,
  };
}

/** E-mails sent to the address, or about one of the person's messages. */
function emailsTo(key: PersonKey, messageIds: string[]): SQL {
  return (
    or(
      key.email
        ? sql`exists (select 1 from unnest(${outgoingEmails.recipients}) as r where lower(r) = lower(${key.email}))`
        : undefined,
      messageIds.length ? inArray(outgoingEmails.messageId, messageIds) : undefined,
    ) ?? sql`false`
  );
}

const ERASED = "Erased";
const erasedAddress = (id: string) => `erased-${id.slice(0, 8)}@erased.invalid`;

/**
 * Erases the person: their messages and applications stay (so every count and report stays
 * true) with the name, address, phone, texts, notes and network details replaced; the e-mails
 * sent to them lose their text; their private links stop working. Logged without the details.
 */
export async function erasePerson(actor: Admin, key: PersonKey) {
  const found = await findPersonRecords(key);
  const messageIds = found.messages.map((row) => row.id);
  const applicationIds = found.applications.map((row) => row.id);
  await db().transaction(async (tx) => {
    await eraseEmails(tx, key, messageIds);
    for (const id of messageIds)
      await tx
        .update(messages)
        .set({
          fullName: ERASED,
          email: erasedAddress(id),
          phone: null,
          subject: null,
          message: null,
          adminNotes: null,
          ipAddress: null,
          userAgent: null,
          referrer: null,
        })
        .where(eq(messages.id, id));
    if (applicationIds.length) {
      await tx
        .delete(applicationLinks)
        .where(inArray(applicationLinks.applicationId, applicationIds));
      for (const id of applicationIds)
        await tx
          .update(applications)
          .set({
            fullName: ERASED,
            email: erasedAddress(id),
            phone: "",
            goals: "",
            adminNotes: null,
            ipAddress: null,
            userAgent: null,
          })
          .where(eq(applications.id, id));
    }
  });
  logger.info(
    { actorId: actor.id, messages: messageIds.length, applications: applicationIds.length },
    "A person's data was erased",
  );
  return { messages: messageIds.length, applications: applicationIds.length };
}

/** An e-mail still waiting to go is stopped: it would carry what was just erased. */
async function eraseEmails(tx: Transaction, key: PersonKey, messageIds: string[]) {
  await tx
    .update(outgoingEmails)
    .set({
      recipients: [ERASED],
      subject: ERASED,
      body: ERASED,
      replyTo: null,
      status: sql`case when ${outgoingEmails.status} = 'queued' then 'failed'::outgoing_email_status else ${outgoingEmails.status} end`,
      lastError: sql`case when ${outgoingEmails.status} = 'queued' then 'Erased at the person''s request' else ${outgoingEmails.lastError} end`,
    })
    .where(emailsTo(key, messageIds));
}
