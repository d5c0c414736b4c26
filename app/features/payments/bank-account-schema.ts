import * as z from "zod/mini";
import { requiredText } from "~/lib/forms/required-text";
import { singleLine } from "~/lib/text/outside-text";

export const bankAccountMessages = {
  saved: "Bank account saved. Applicants now see it when they pay by transfer.",
  bankNameRequired: "Bank name is required",
  accountNameRequired: "Account name is required",
  accountNumberInvalid: "Account number must be the 10 digits of a NUBAN",
} as const;

/** The academy's bank account, as a super admin types it in Settings. */
export const bankAccountSchema = z.object({
  intent: z.literal("bank-account"),
  bankName: requiredText("Bank name", bankAccountMessages.bankNameRequired, 80, singleLine),
  accountName: requiredText(
    "Account name",
    bankAccountMessages.accountNameRequired,
    120,
    singleLine,
  ),
  accountNumber: z.string({ error: bankAccountMessages.accountNumberInvalid }).check(
    z.overwrite((value) => value.replace(/[\s-]/g, "")),
    z.regex(/^\d{10}$/, bankAccountMessages.accountNumberInvalid),
  ),
});

export type BankAccountInput = z.output<typeof bankAccountSchema>;
