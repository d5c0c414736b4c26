import { eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Admin,
  accountTransfers,
  applications,
  inboundAttachments,
  inboundEmails,
  messages,
  outgoingEmails,
  payments,
  refunds,
  transferAccounts,
} from "~/db/schema";
import {
  applyForIntake,
  findApplicationByToken,
} from "~/features/applications/applications.server";
import { receiveMail } from "~/features/conversations/receive-mail.server";
import { choosePaymentPlan } from "~/features/payments/payments.server";
import { refundPayment } from "~/features/payments/refunds.server";
import { recordManualPayment } from "~/features/payments/staff/staff-payments.server";
import { personalDataMessages } from "~/features/people/person-key";
import {
  erasePerson,
  exportPersonData,
  findPersonRecords,
} from "~/features/people/personal-data.server";
import { lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { mailAttachments, paymentProofs } from "~/lib/infra/storage/index.server";
import * as personalDataRoute from "~/routes/admin/personal-data";
import * as exportRoute from "~/routes/resources/personal-data-export";
import {
  getRequest,
  makeAdmin,
  outcomeOf,
  postRequest,
  signInCookie,
} from "../support/admin-session";
import {
  acceptedPlace,
  applicantInput,
  openIntake,
  origin,
  scheduleOf,
  tokenFromText,
} from "../support/application-fixtures";
import { pdfDocument } from "../support/course-fixtures";
import { insertMessage } from "../support/inbox-fixtures";
import { lastEmailTo } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
let superAdmin: Admin;
beforeAll(async () => {
  superAdmin = await makeAdmin({ role: "super_admin" });
});

/** One person: an inquiry by e-mail, another by phone only, and an application. */
async function person(n: number) {
  const email = `person-${n}@example.com`;
  const phone = `0803 555 ${String(n).padStart(4, "0")}`;
  const byEmail = await insertMessage({ email: email.toUpperCase(), fullName: "Ngozi Eze" });
  const byPhone = await insertMessage({
    email: `other-${n}@example.com`,
    phone: `+234 803 555 ${String(n).padStart(4, "0")}`,
  });
  const stranger = await insertMessage({ email: `stranger-${n}@example.com` });
  const { intake } = await openIntake();
  const input = applicantInput(10_000 + n, {
    email,
    phone: `+2348035550${String(n).padStart(3, "0")}`,
  });
  await applyForIntake(intake.id, input, origin);
  return { email, phone, byEmail, byPhone, stranger };
}

describe("a person's data", () => {
  it("finds messages and applications by e-mail (any case) or phone digits, and nobody else's", async () => {
    const someone = await person(1);
    const found = await findPersonRecords({ email: someone.email, phone: someone.phone });
    expect(found.messages.map((row) => row.id).sort()).toEqual(
      [someone.byEmail.id, someone.byPhone.id].sort(),
    );
    expect(found.applications).toHaveLength(1);
    const exported = await exportPersonData({ email: someone.email, phone: "" });
    expect(exported.applications[0]?.history.map((event) => event.kind)).toContain("applied");
    expect(exported.emailsSent.length).toBeGreaterThan(0);
  });

  it("erases the person's details but keeps the records, and their links stop working", async () => {
    const someone = await person(2);
    const token = tokenFromText((await lastEmailTo(someone.email)).body);
    expect(await findApplicationByToken(token)).not.toBeNull();
    const erased = await erasePerson(superAdmin, { email: someone.email, phone: someone.phone });
    expect(erased).toEqual({ messages: 2, applications: 1 });
    expect(await findPersonRecords({ email: someone.email, phone: someone.phone })).toEqual({
      messages: [],
      applications: [],
    });
    const [message] = await db().select().from(messages).where(eq(messages.id, someone.byEmail.id));
    expect(message).toMatchObject({
      fullName: "Erased",
      phone: null,
      message: null,
      status: "unread",
    });
    expect(message?.email).toMatch(/@erased\.invalid$/);
    const [stranger] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, someone.stranger.id));
    expect(stranger?.fullName).not.toBe("Erased");
    expect(
      await db().select().from(applications).where(eq(applications.email, someone.email)),
    ).toEqual([]);
    expect(await findApplicationByToken(token)).toBeNull();
    const bodies = (await db().select().from(outgoingEmails)).map((email) => email.body).join("\n");
    expect(bodies).not.toContain(someone.email);
  });

  it("hands over and erases the mails received from the person, their files included", async () => {
    const email = "mailer-7@example.com";
    const pdf = pdfDocument();
    const raw = await new MailComposer({
      from: `Musa Bello <${email}>`,
      to: "hello@academy.test",
      subject: "My certificate",
      text: "Please find my certificate attached.",
      attachments: [{ filename: "certificate.pdf", content: pdf }],
    })
      .compile()
      .build();
    const received = await receiveMail(raw);
    if (received.outcome !== "new-conversation") throw new Error(received.outcome);
    const [file] = await db().select().from(inboundAttachments);
    expect(await mailAttachments().get(file?.storageKey ?? "")).not.toBeNull();

    const exported = await exportPersonData({ email, phone: "" });
    const tokenBefore = exported.messages[0]?.replyToken;
    expect(tokenBefore).toMatch(/^[0-9a-f]{32}$/);
    expect(exported.messages[0]?.emailsReceived).toMatchObject([
      {
        fromAddress: email,
        subject: "My certificate",
        text: "Please find my certificate attached.",
        files: ["certificate.pdf"],
      },
    ]);

    await erasePerson(superAdmin, { email, phone: "" });
    const [mail] = await db()
      .select()
      .from(inboundEmails)
      .where(eq(inboundEmails.messageId, received.messageId));
    expect(mail).toMatchObject({
      fromAddress: "Erased",
      fromName: null,
      subject: null,
      newText: "Erased",
      fullText: "Erased",
    });
    expect(await db().select().from(inboundAttachments)).toEqual([]);
    expect(await mailAttachments().get(file?.storageKey ?? "")).toBeNull();
    const [message] = await db().select().from(messages).where(eq(messages.id, received.messageId));
    // Mail to the old reply address no longer finds the conversation.
    expect(message?.replyToken).not.toBe(tokenBefore);
  });

  it("hands over the payments, refunds, receipts and transfer proofs, and erases them as it hands them over", async () => {
    const { application } = await acceptedPlace({ price: 20_000_000 });
    await choosePaymentPlan(application.id, "two-instalments");
    const [first, second] = await scheduleOf(application.id);
    if (!first || !second) throw new Error("no schedule");
    const { payment: paid } = await recordManualPayment(
      superAdmin,
      application.id,
      first.id,
      lagosToday(),
      "Paid cash at the Yaba office",
    );
    await refundPayment(superAdmin, application.id, paid.id, 1_000_000, "Missed the first week");
    const proofKey = `proofs/person-${Math.random().toString(36).slice(2)}.png`;
    await paymentProofs().put(proofKey, Buffer.from("a transfer slip"), "image/png");
    const [waiting] = await db()
      .insert(payments)
      .values({
        reference: "LTA-P-PERSONDATA1",
        applicationId: application.id,
        instalmentId: second.id,
        method: "bank-transfer",
        amount: second.amount,
        status: "proof-sent",
        proofKey,
        proofName: "transfer slip.png",
        proofType: "image/png",
      })
      .returning();
    if (!waiting) throw new Error("no proof");
    const key = { email: application.email, phone: "" };

    const [held] = (await exportPersonData(key)).applications;
    expect(held?.instalments.map((part) => part.amount)).toEqual([first.amount, second.amount]);
    expect(held?.payments).toMatchObject([
      {
        id: paid.id,
        method: "manual",
        status: "paid",
        amount: first.amount,
        refundedAmount: 1_000_000,
        staffNote: "Paid cash at the Yaba office",
        receipt: {
          number: expect.stringMatching(/^LTA-R-\d+$/),
          link: `/admin-portal/students/receipts/${paid.receiptNumber}`,
        },
        proof: null,
        refunds: [{ amount: 1_000_000, reason: "Missed the first week", status: "processed" }],
      },
      {
        id: waiting.id,
        status: "proof-sent",
        receipt: null,
        proof: {
          name: "transfer slip.png",
          type: "image/png",
          link: `/admin-portal/payments/${waiting.id}/proof`,
        },
        refunds: [],
      },
    ]);
    // Where the file lies in the bucket is not the person's data.
    expect(JSON.stringify(held)).not.toContain(proofKey);

    await erasePerson(superAdmin, key);
    const after = await db()
      .select()
      .from(payments)
      .where(eq(payments.applicationId, application.id));
    expect(after.find((row) => row.id === paid.id)).toMatchObject({
      status: "paid",
      amount: first.amount,
      refundedAmount: 1_000_000,
      staffNote: null,
    });
    expect(after.find((row) => row.id === waiting.id)).toMatchObject({
      status: "rejected",
      proofKey: null,
      proofName: null,
      proofType: null,
      staffNote: "Erased at the person's request",
    });
    expect(await paymentProofs().get(proofKey)).toBeNull();
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, paid.id));
    expect(refund).toMatchObject({ amount: 1_000_000, reason: "Erased" });
  });

  it("hands over their own account number and the transfers into it, and erases the names on them", async () => {
    const { application } = await acceptedPlace();
    const [account] = await db()
      .insert(transferAccounts)
      .values({
        email: application.email.toLowerCase(),
        status: "assigned",
        customerCode: `CUS_${application.id.slice(0, 12)}`,
        accountNumber: `9${String(application.reference).padStart(9, "0")}`,
        accountName: "ACADEMY/NGOZI EZE",
        bankName: "Test Bank",
      })
      .returning();
    if (!account) throw new Error("no account");
    const transferRow = {
      gatewayId: "1",
      accountId: account.id,
      amount: 500_000,
      currency: "NGN",
      senderName: "NGOZI EZE",
      senderBank: "Access Bank",
      receivedAt: new Date(),
      state: "to-settle" as const,
    };
    // One on the place, one into the account that no place was told for.
    await db()
      .insert(accountTransfers)
      .values([
        { ...transferRow, gatewayReference: `T-on-${account.id}`, applicationId: application.id },
        { ...transferRow, gatewayReference: `T-off-${account.id}` },
      ]);
    const key = { email: application.email, phone: "" };
    const held = await exportPersonData(key);
    expect(held.transferAccounts).toMatchObject([
      { accountName: "ACADEMY/NGOZI EZE", accountNumber: account.accountNumber },
    ]);
    expect(held.transfers.map((transfer) => transfer.senderName)).toEqual([
      "NGOZI EZE",
      "NGOZI EZE",
    ]);

    await erasePerson(superAdmin, key);
    const [erased] = await db()
      .select()
      .from(transferAccounts)
      .where(eq(transferAccounts.id, account.id));
    expect(erased).toMatchObject({ accountName: null, accountNumber: account.accountNumber });
    expect(erased?.email).toMatch(/@erased\.invalid$/);
    const kept = await db()
      .select()
      .from(accountTransfers)
      .where(eq(accountTransfers.accountId, account.id));
    expect(
      kept.map((transfer) => [transfer.amount, transfer.senderName, transfer.senderBank]),
    ).toEqual([
      [500_000, null, null],
      [500_000, null, null],
    ]);
  });

  it("asks for the key again before erasing, through the page's action", async () => {
    const someone = await person(3);
    const cookie = await signInCookie(superAdmin.email);
    const erase = async (fields: Record<string, string>) =>
      outcomeOf(() =>
        personalDataRoute.action(
          routeArgs(
            postRequest("/admin-portal/personal-data", { intent: "erase", ...fields }, { cookie }),
          ),
        ),
      );
    const confirmRefused = { kind: "data", status: 400 };
    const wrong = await erase({ email: someone.email, phone: "", confirm: "not it" });
    expect(wrong).toMatchObject(confirmRefused);
    expect(wrong.kind === "data" && (wrong.data as ActionReply).result.error).toEqual({
      confirm: [personalDataMessages.confirmRequired],
    });
    // A key of a phone alone has an empty e-mail: typing nothing must not match it.
    const phoneKey = { email: "", phone: someone.phone };
    const heldByPhone = await findPersonRecords(phoneKey);
    expect(heldByPhone.messages.length).toBeGreaterThan(0);
    const byPhone = await erase({ ...phoneKey, confirm: "" });
    expect(byPhone).toMatchObject(confirmRefused);
    expect(await findPersonRecords(phoneKey)).toEqual(heldByPhone);
    expect((await findPersonRecords({ email: someone.email, phone: "" })).messages).toHaveLength(1);
    const file = (await exportRoute.loader(
      routeArgs(
        getRequest(
          `/admin-portal/personal-data/export?email=${encodeURIComponent(someone.email)}`,
          {
            cookie,
          },
        ),
      ),
    )) as Response;
    expect(file.headers.get("content-disposition")).toMatch(/attachment/);
    expect((await file.json()).messages).toHaveLength(1);
  });
});
