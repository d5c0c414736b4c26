import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { href } from "react-router";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  applicationEvents,
  applicationLinks,
  applications,
  courses,
  inboundAttachments,
  inboundEmails,
  instalments,
  intakes,
  messageEvents,
  messages,
  outgoingEmails,
  payments,
  refunds,
  whatsappMessages,
} from "~/db/schema";
import { selectApplications } from "~/features/applications/application-query.server";
import { eraseApplicant } from "~/features/applications/application-writes.server";
import {
  certificateRecords,
  eraseCertificateHolders,
} from "~/features/certificates/certificate-people.server";
import { attendanceRecords } from "~/features/cohort/attendance.server";
import { revokeCalendarLinks } from "~/features/cohort/calendar-keys.server";
import { forgetJobsNamingPhone } from "~/features/jobs/forget-jobs.server";
import {
  whatsappEventJob,
  whatsappJobPhonePaths,
} from "~/features/messages/whatsapp/whatsapp-webhook.server";
import { formatReceiptNumber } from "~/features/payments/payment-reference";
import {
  eraseTransferPeople,
  transferRecords,
} from "~/features/payments/transfer-accounts/transfer-people.server";
import { eraseSeatPeople, seatPeopleRecords } from "~/features/sponsored-seats/seat-people.server";
import { logger } from "~/lib/infra/logger.server";
import { mailAttachments, paymentProofs } from "~/lib/infra/storage/index.server";
import { phoneDigits } from "~/lib/text/phone-format";
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
  const [
    messageRows,
    messageHistory,
    applicationRows,
    applicationHistory,
    mails,
    money,
    whatsapp,
    marks,
    issued,
    transfers,
    seatPeople,
  ] = await Promise.all([
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
    messageIds.length ? receivedMails(messageIds) : [],
    paymentsHeld(applicationIds),
    whatsappHeld(messageIds),
    attendanceRecords(applicationIds),
    certificateRecords(applicationIds),
    transferRecords(applicationIds),
    seatPeopleRecords(key.email),
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
      emailsReceived: mails.filter((mail) => mail.messageId === row.id),
      whatsapp: whatsapp.filter((message) => message.messageId === row.id),
    })),
    applications: applicationRows.map((row) => ({
      ...row,
      history: applicationHistory.filter((event) => event.applicationId === row.id),
      instalments: money.instalments.filter((part) => part.applicationId === row.id),
      payments: money.payments.filter((payment) => payment.applicationId === row.id),
      attendance: marks.filter((mark) => mark.applicationId === row.id),
      certificates: issued.filter((certificate) => certificate.applicationId === row.id),
    })),
    // Their own account number for transfers, and the transfers into it.
    ...transfers,
    // Sponsored seats kept for them, and sponsors they are the contact of.
    ...seatPeople,
    emailsSent,
  };
}

/** The WhatsApp messages of the person's conversations, theirs and ours, with their files' names. */
async function whatsappHeld(messageIds: string[]) {
  if (!messageIds.length) return [];
  const rows = await db()
    .select({
      messageId: whatsappMessages.messageId,
      direction: whatsappMessages.direction,
      sentAt: whatsappMessages.sentAt,
      text: whatsappMessages.body,
      content: whatsappMessages.content,
    })
    .from(whatsappMessages)
    .where(inArray(whatsappMessages.messageId, messageIds))
    .orderBy(asc(whatsappMessages.sentAt))
    .limit(RECORDS_MAX);
  return rows.map(({ content, ...row }) => ({
    ...row,
    type: content.type,
    location: content.location ?? null,
    file: content.file?.name ?? null,
    fileNotKept: content.refusedFile ?? null,
    template: content.template ?? null,
  }));
}

/** The mails received in the person's conversations, with the names of their files. */
async function receivedMails(messageIds: string[]) {
  const rows = await db()
    .select({
      id: inboundEmails.id,
      messageId: inboundEmails.messageId,
      receivedAt: inboundEmails.receivedAt,
      kind: inboundEmails.kind,
      fromAddress: inboundEmails.fromAddress,
      fromName: inboundEmails.fromName,
      subject: inboundEmails.subject,
      text: inboundEmails.fullText,
      filesNotKept: inboundEmails.refusedFiles,
    })
    .from(inboundEmails)
    .where(inArray(inboundEmails.messageId, messageIds))
    .orderBy(asc(inboundEmails.receivedAt))
    .limit(RECORDS_MAX);
  const files = rows.length
    ? await db()
        .select({ mailId: inboundAttachments.inboundEmailId, name: inboundAttachments.fileName })
        .from(inboundAttachments)
        .where(
          inArray(
            inboundAttachments.inboundEmailId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    files: files.filter((file) => file.mailId === row.id).map((file) => file.name),
  }));
}

/**
 * The applications' instalments and payments, each payment with its refunds, and its receipt
 * and transfer proof as links to the portal's files (served to signed-in staff), as a mail's
 * files are named, not copied. The stored file's key is the bucket's business, not the person's.
 */
async function paymentsHeld(applicationIds: string[]) {
  if (!applicationIds.length) return { instalments: [], payments: [] };
  const [schedule, paymentRows, given] = await Promise.all([
    db()
      .select()
      .from(instalments)
      .where(inArray(instalments.applicationId, applicationIds))
      .orderBy(asc(instalments.number)),
    db()
      .select()
      .from(payments)
      .where(inArray(payments.applicationId, applicationIds))
      .orderBy(asc(payments.createdAt))
      .limit(RECORDS_MAX),
    db()
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(inArray(payments.applicationId, applicationIds))
      .orderBy(asc(refunds.createdAt)),
  ]);
  return {
    instalments: schedule,
    payments: paymentRows.map(({ proofKey, proofName, proofType, receiptNumber, ...payment }) => ({
      ...payment,
      receipt: receiptNumber
        ? {
            number: formatReceiptNumber(receiptNumber),
            link: href("/admin-portal/students/receipts/:number", {
              number: String(receiptNumber),
            }),
          }
        : null,
      proof: proofKey
        ? {
            name: proofName,
            type: proofType,
            link: href("/admin-portal/payments/:paymentId/proof", { paymentId: payment.id }),
          }
        : null,
      refunds: given.flatMap(({ refund }) => (refund.paymentId === payment.id ? [refund] : [])),
    })),
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
const ERASED_AT_REQUEST = "Erased at the person's request";
const erasedAddress = (id: string) => `erased-${id.slice(0, 8)}@erased.invalid`;

/**
 * Erases the person: their messages and applications stay (so every count and report stays
 * true) with the name, address, phone, texts, notes and network details replaced; the e-mails
 * sent to them lose their text, the mails received from them their sender, text and files;
 * their attendance marks stay (the class's rates stay true) and their calendar feeds close;
 * their certificates stay, without the holder's name (their serials verify as erased);
 * their payments and refunds keep their amounts (money on record) but lose their notes,
 * reasons and transfer proofs, their transfers the payer's name and their account its address; their private links and reply addresses stop working. Logged
 * without the details.
 */
export async function erasePerson(actor: Admin, key: PersonKey) {
  const found = await findPersonRecords(key);
  const messageIds = found.messages.map((row) => row.id);
  const applicationIds = found.applications.map((row) => row.id);
  const { fileKeys, proofKeys } = await db().transaction(async (tx) => {
    await eraseEmails(tx, key, messageIds);
    // A WhatsApp message's job carries the number, the name and the text.
    const digits = phoneDigits(key.phone);
    if (digits)
      await forgetJobsNamingPhone(tx, whatsappEventJob.name, whatsappJobPhonePaths, digits);
    const keys = await eraseReceivedMails(tx, messageIds);
    const proofs = await erasePayments(tx, applicationIds);
    await eraseTransferPeople(tx, applicationIds);
    await eraseSeatPeople(tx, key.email, { name: ERASED, address: erasedAddress });
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
          // Mail to the old reply address no longer finds the conversation.
          replyToken: sql`replace(gen_random_uuid()::text, '-', '')`,
        })
        .where(eq(messages.id, id));
    if (applicationIds.length) {
      await tx
        .delete(applicationLinks)
        .where(inArray(applicationLinks.applicationId, applicationIds));
      for (const id of applicationIds) await eraseApplicant(tx, id, ERASED, erasedAddress(id));
      // Their calendar feeds stop answering, like their private links.
      await revokeCalendarLinks("student", applicationIds, tx);
      // Their certificates still verify, as issued with the holder's data erased.
      await eraseCertificateHolders(tx, applicationIds);
    }
    return { fileKeys: keys, proofKeys: proofs };
  });
  // The files go once the rows that named them are gone; one left behind is logged, not fatal.
  if (fileKeys.length) {
    await mailAttachments()
      .delete(fileKeys)
      .catch((error: unknown) =>
        logger.warn({ err: error }, "An erased person's mail attachments were left in storage"),
      );
  }
  if (proofKeys.length) {
    await paymentProofs()
      .delete(proofKeys)
      .catch((error: unknown) =>
        logger.warn({ err: error }, "An erased person's transfer proofs were left in storage"),
      );
  }
  logger.info(
    { actorId: actor.id, messages: messageIds.length, applications: applicationIds.length },
    "A person's data was erased",
  );
  return { messages: messageIds.length, applications: applicationIds.length };
}

/**
 * The applications' payments lose staff notes and proofs, their refunds the reason; the proofs'
 * files are listed to delete. A proof still waiting can no longer be checked: it is rejected,
 * with the erasure as its reason, so the instalment is payable again (nothing is e-mailed: the
 * address is gone).
 */
async function erasePayments(tx: Transaction, applicationIds: string[]): Promise<string[]> {
  if (!applicationIds.length) return [];
  const proofs = await tx
    .select({ key: payments.proofKey })
    .from(payments)
    .where(
      sql`${inArray(payments.applicationId, applicationIds)} and ${payments.proofKey} is not null`,
    );
  await tx
    .update(payments)
    .set({
      proofKey: null,
      proofName: null,
      proofType: null,
      staffNote: sql`case when ${payments.status} = 'proof-sent' then ${ERASED_AT_REQUEST} else null end`,
      status: sql`case when ${payments.status} = 'proof-sent' then 'rejected'::payment_status else ${payments.status} end`,
      updatedAt: new Date(),
    })
    .where(inArray(payments.applicationId, applicationIds));
  await tx
    .update(refunds)
    .set({ reason: ERASED, updatedAt: new Date() })
    .where(
      inArray(
        refunds.paymentId,
        tx
          .select({ id: payments.id })
          .from(payments)
          .where(inArray(payments.applicationId, applicationIds)),
      ),
    );
  return proofs.flatMap((proof) => (proof.key ? [proof.key] : []));
}

/** The mails received in their conversations lose sender and text; their files are listed to delete. */
async function eraseReceivedMails(tx: Transaction, messageIds: string[]): Promise<string[]> {
  if (!messageIds.length) return [];
  const files = await tx
    .delete(inboundAttachments)
    .where(
      inArray(
        inboundAttachments.inboundEmailId,
        tx
          .select({ id: inboundEmails.id })
          .from(inboundEmails)
          .where(inArray(inboundEmails.messageId, messageIds)),
      ),
    )
    .returning({ key: inboundAttachments.storageKey });
  await tx
    .update(inboundEmails)
    .set({
      fromAddress: ERASED,
      fromName: null,
      subject: null,
      newText: ERASED,
      fullText: ERASED,
      refusedFiles: [],
    })
    .where(inArray(inboundEmails.messageId, messageIds));
  // WhatsApp messages lose their text, place and file (which is listed to delete).
  const whatsapp = await tx
    .select({ content: whatsappMessages.content })
    .from(whatsappMessages)
    .where(inArray(whatsappMessages.messageId, messageIds));
  await tx
    .update(whatsappMessages)
    .set({
      body: ERASED,
      content: sql`jsonb_build_object('type', ${whatsappMessages.content}->>'type')`,
    })
    .where(inArray(whatsappMessages.messageId, messageIds));
  return [
    ...files.map((file) => file.key),
    ...whatsapp.flatMap((row) => (row.content.file ? [row.content.file.key] : [])),
  ];
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
      lastError: sql`case when ${outgoingEmails.status} = 'queued' then ${ERASED_AT_REQUEST} else ${outgoingEmails.lastError} end`,
    })
    .where(emailsTo(key, messageIds));
}
