import { randomBytes } from "node:crypto";
import { db, type Transaction } from "~/db/client.server";
import { type Admin, bankAccount } from "~/db/schema";
import { admissionsAlertEmail } from "~/features/applications/application-emails.server";
import { forEmail, recordEvent } from "~/features/applications/application-history.server";
import { applicationIdOfToken } from "~/features/applications/application-token.server";
import { touchApplication } from "~/features/applications/application-writes.server";
import { admissionsHref } from "~/features/applications/list-url";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { fileExtensions, reencodeImage } from "~/features/uploads/file-content.server";
import { checkBrochure } from "~/features/uploads/pdf-check.server";
import type { ReceivedFile, UploadForm } from "~/features/uploads/upload-form.server";
import { UserFacingError } from "~/lib/errors";
import { proofFormLimit } from "~/lib/forms/body-limits";
import { fileMessages } from "~/lib/forms/upload-rules";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { paymentProofs } from "~/lib/infra/storage/index.server";
import type { BankAccountInput } from "../bank-account-schema";
import { paymentMessages } from "../payment-messages";
import { insertPayment, lockPayableInstalment, proofWaits } from "../payments.server";

/** The academy's bank account, or null until a super admin has entered it. */
export async function loadBankAccount() {
  const [account] = await db()
    .select({
      bankName: bankAccount.bankName,
      accountName: bankAccount.accountName,
      accountNumber: bankAccount.accountNumber,
    })
    .from(bankAccount);
  return account ?? null;
}

export type BankAccountDetails = NonNullable<Awaited<ReturnType<typeof loadBankAccount>>>;

export async function saveBankAccount(actor: Pick<Admin, "id">, input: BankAccountInput) {
  const values = {
    bankName: input.bankName,
    accountName: input.accountName,
    accountNumber: input.accountNumber,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await db()
    .insert(bankAccount)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: bankAccount.id, set: values });
}

/** The proof field of the upload form on 'My application'. */
export const PROOF_FIELD = "proofFile";

const proofRefusal = {
  field: PROOF_FIELD,
  unreadable: fileMessages.unreadableProof,
  active: fileMessages.activeProof,
  tooLarge: fileMessages.unpackedProof,
};

/** Plenty to read a bank's receipt by; a phone's 12 MB photo is kept at a tenth of its size. */
const PROOF_IMAGE_SIDE = 2400;

/**
 * The proof as it is kept: a PDF without scripts as sent; an image decoded and written again,
 * so that nothing but the picture (no camera metadata) is kept, and no larger than needed.
 */
async function cleanProof(file: ReceivedFile): Promise<Buffer> {
  if (file.type === "application/pdf") {
    await checkBrochure(file.buffer, proofRefusal);
    return file.buffer;
  }
  return reencodeImage(file.buffer, file.type, PROOF_FIELD, PROOF_IMAGE_SIDE);
}

/**
 * The application (locked) and the instalment a proof would pay: the next unpaid one, with no
 * proof already waiting for staff.
 */
async function instalmentAwaitingProof(tx: Transaction, applicationId: string) {
  const { application, instalment } = await lockPayableInstalment(tx, applicationId);
  if (await proofWaits(tx, instalment.id))
    throw new UserFacingError(paymentMessages.proofWaiting, 409);
  return { application, instalment };
}

/**
 * The application a proof sent with `token` would be for, once it is known that one is
 * expected (a bank account to pay into, an unpaid instalment, no proof waiting); otherwise the
 * refusal. Asked before the upload is read, so a stranger's body is never waited for.
 */
export async function proofExpected(token: string) {
  if (!(await loadBankAccount())) throw new UserFacingError(paymentMessages.noBankTransfer, 409);
  const applicationId = await db().transaction((tx) => applicationIdOfToken(tx, token));
  if (!applicationId) throw new UserFacingError(paymentMessages.notAccepted, 404);
  await db().transaction((tx) => instalmentAwaitingProof(tx, applicationId));
  return applicationId;
}

/** The upload form on 'My application': one file, a photo or PDF of the transfer. */
export const proofUploadForm: UploadForm = {
  fields: { proof: PROOF_FIELD },
  limit: proofFormLimit,
  failed: {},
  tooLarge: fileMessages.tooLarge("proof"),
};

/**
 * An applicant's proof of a bank transfer for their next unpaid instalment: kept privately,
 * recorded as a payment for staff to check (status proof-sent), staff alerted. One proof per
 * instalment waits at a time; a rejected one can be followed by another.
 */
export async function sendTransferProof(token: string, file: ReceivedFile) {
  // Checked before the file is kept, and again under the lock when it is recorded.
  const applicationId = await proofExpected(token);
  const cleaned = await cleanProof(file);
  const key = `proofs/${applicationId}/${randomBytes(16).toString("hex")}.${fileExtensions[file.type]}`;
  await paymentProofs().put(key, cleaned, file.type);
  try {
    return await db().transaction(async (tx) => {
      const { application, instalment } = await instalmentAwaitingProof(tx, applicationId);
      const payment = await insertPayment(tx, instalment, "bank-transfer", {
        status: "proof-sent",
        proofKey: key,
        proofName: file.name?.slice(0, 200) ?? null,
        proofType: file.type,
      });
      await touchApplication(tx, applicationId);
      await recordEvent(
        tx,
        applicationId,
        "proof-sent",
        { kind: "applicant" },
        { detail: { reference: payment.reference, instalment: String(instalment.number) } },
      );
      const { NOTIFY_EMAILS: recipients, publicUrl } = env();
      if (recipients.length) {
        const facts = await forEmail(tx, application);
        await queueEmail(tx, {
          kind: "staff-alert",
          to: recipients,
          ...admissionsAlertEmail(
            facts,
            "proof-sent",
            `${publicUrl}${admissionsHref({}, applicationId)}`,
          ),
        });
      }
      return payment;
    });
  } catch (error) {
    // Nothing recorded: the stored file would be an orphan.
    await paymentProofs()
      .delete([key])
      .catch((deleteError) =>
        logger.warn({ err: deleteError }, "A refused proof's file could not be deleted"),
      );
    throw error;
  }
}
