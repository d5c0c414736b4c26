import * as z from "zod/mini";
import type { Reduction } from "~/features/intakes/payment-plans";
import { isSeatCode } from "~/features/sponsored-seats/seat-codes";
import { koboFromNaira } from "~/lib/format/money";
import { requiredText } from "~/lib/forms/required-text";
import { uuidSchema } from "~/lib/ids";
import { multiLine } from "~/lib/text/outside-text";

export const CODE_MAX = 32;
export const CODE_INTAKES_MAX = 50;
export const SCHOLARSHIP_REASON_MAX = 1_000;
const NAIRA_MAX = 100_000_000;
const LIMIT_MAX = 100_000;

export const discountFormMessages = {
  codeRequired: "Please enter a code",
  codeShape: "Use letters, digits and dashes only, at most 32",
  kindRequired: "Please choose percent or Naira",
  percentRange: "A percentage is a whole number from 1 to 100",
  amountRange: "Please enter an amount in Naira, more than 0",
  limitRange: "Please enter a whole number from 1 to 100,000",
  dateInvalid: "Please enter a valid date",
  datesInOrder: "The last day cannot be before the first",
  reasonRequired: "Please give the reason (staff only)",
  seatPrefix: "Codes starting SEAT- are sponsors' seat codes: please choose another",
  invalid: "Invalid request",
} as const;

const messages = discountFormMessages;

/** What staff type, whatever the case: letters, digits and dashes. */
export const codeText = z.pipe(
  z.string({ error: messages.codeRequired }).check(z.trim(), z.minLength(1, messages.codeRequired)),
  z
    .string()
    .check(
      z.maxLength(CODE_MAX, messages.codeShape),
      z.regex(/^[A-Za-z0-9-]+$/, messages.codeShape),
    ),
);

/** The kinds of money off, as the forms offer them. */
export const reductionKindOptions = [
  { value: "percent", label: "A percentage of the price" },
  { value: "amount", label: "An amount in Naira" },
];

/** 'percent' with a whole percentage, or 'amount' with Naira: the reduction in kobo. */
const reductionFields = {
  kind: z.enum(["percent", "amount"], { error: messages.kindRequired }),
  value: z
    .number({ error: messages.amountRange })
    .check(z.positive(messages.amountRange), z.maximum(NAIRA_MAX, messages.amountRange)),
};

/** The reduction a form's kind and value say; null when the value is not one. */
function formReduction(value: { kind: "percent" | "amount"; value: number }): Reduction | null {
  if (value.kind === "amount") {
    // Under half a kobo rounds to nothing: no reduction at all.
    const amountKobo = koboFromNaira(value.value);
    return amountKobo >= 1 ? { amountKobo } : null;
  }
  return Number.isInteger(value.value) && value.value <= 100 ? { percent: value.value } : null;
}

const withReduction = <Shape extends { kind: "percent" | "amount"; value: number }>(
  value: Shape,
  context: z.core.$RefinementCtx<Shape>,
) => {
  if (!formReduction(value))
    context.addIssue({
      code: "custom",
      input: value,
      path: ["value"],
      message: value.kind === "amount" ? messages.amountRange : messages.percentRange,
    });
};

const limit = z.optional(
  z
    .number({ error: messages.limitRange })
    .check(
      z.int({ error: messages.limitRange }),
      z.minimum(1, messages.limitRange),
      z.maximum(LIMIT_MAX, messages.limitRange),
    ),
);
/** A Lagos calendar date within the years a code can mean (PostgreSQL has no year 0). */
const lagosDate = z.optional(
  z.iso
    .date({ error: messages.dateInvalid })
    .check(z.refine((date) => date >= "2000-01-01" && date <= "2099-12-31", messages.dateInvalid)),
);

/** The Discounts page's create form: none of the intakes chosen means every intake. */
export const discountCodeFormSchema = z
  .object({
    code: codeText,
    ...reductionFields,
    intakeIds: z._default(
      z.array(uuidSchema(messages.invalid)).check(z.maxLength(CODE_INTAKES_MAX)),
      [],
    ),
    validFrom: lagosDate,
    validUntil: lagosDate,
    useLimit: limit,
    perPersonLimit: z._default(limit, 1),
  })
  .check(
    z.superRefine((value, context) => {
      withReduction(value, context);
      if (isSeatCode(value.code))
        context.addIssue({
          code: "custom",
          input: value,
          path: ["code"],
          message: messages.seatPrefix,
        });
      if (value.validFrom && value.validUntil && value.validUntil < value.validFrom)
        context.addIssue({
          code: "custom",
          input: value,
          path: ["validUntil"],
          message: messages.datesInOrder,
        });
    }),
  );

export type DiscountCodeForm = z.output<typeof discountCodeFormSchema>;

/** The form's values as createCode takes them. */
export const newCodeOf = (form: DiscountCodeForm) => ({
  code: form.code,
  reduction: formReduction(form) as Reduction,
  intakeIds: [...new Set(form.intakeIds)],
  validFrom: form.validFrom ?? null,
  validUntil: form.validUntil ?? null,
  useLimit: form.useLimit ?? null,
  perPersonLimit: form.perPersonLimit ?? 1,
});

/** The Discounts page's actions: create, and deactivate a code. */
export const discountActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.extend(discountCodeFormSchema, { intent: z.literal("create") }),
    z.object({ intent: z.literal("deactivate"), id: uuidSchema(messages.invalid) }),
  ],
  { error: "Unknown action" },
);

export type DiscountAction = z.output<typeof discountActionSchema>;

/** Staff's scholarship on an application: percent or Naira, with the reason they keep. */
export const scholarshipFields = z
  .object({
    ...reductionFields,
    reason: requiredText("The reason", messages.reasonRequired, SCHOLARSHIP_REASON_MAX, multiLine),
  })
  .check(z.superRefine(withReduction));

export const scholarshipReductionOf = (value: z.output<typeof scholarshipFields>) =>
  formReduction(value) as Reduction;
