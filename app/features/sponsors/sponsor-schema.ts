import * as z from "zod/mini";
import { sponsorMessages } from "~/features/sponsored-seats/sponsor-messages";
import { optionalText, requiredText } from "~/lib/forms/required-text";
import { visitorEmail, visitorFullName } from "~/lib/forms/visitor-fields";
import { uuidSchema } from "~/lib/ids";
import { singleLine } from "~/lib/text/outside-text";
import { toInternationalPhone } from "~/lib/text/phone-number";

export const sponsorLimits = {
  name: 120,
  contactName: 120,
  phone: 30,
  email: 254,
  paidBy: 200,
  /** Seats on one invoice. */
  seats: 500,
  /** ₦ per seat. */
  seatPriceNaira: 100_000_000,
} as const;

const messages = {
  invalid: "Invalid request",
  sponsorName: "Please enter the sponsor's name",
  seats: `Please enter a whole number of seats from 1 to ${sponsorLimits.seats}`,
  seatPrice: "Please enter the price of a seat in Naira, more than 0",
  intake: "Please choose the intake",
  phone: "Please enter a phone number we can call, e.g. 0803 123 4567",
  paidBy: "Please say how it was paid, e.g. 'Bank transfer, GTBank, 12 Dec'",
};

const phone = z.pipe(
  optionalText("Phone number", sponsorLimits.phone, singleLine),
  z.transform((value, context) => {
    if (!value) return null;
    const international = toInternationalPhone(value);
    if (international) return international;
    context.issues.push({ code: "custom", input: value, message: messages.phone });
    return z.NEVER;
  }),
);

/** Staff sell seats: who the sponsor is, the intake, how many and at what price. */
export const sponsorshipFormSchema = z.object({
  sponsorName: requiredText("Sponsor's name", messages.sponsorName, sponsorLimits.name, singleLine),
  contactName: visitorFullName(sponsorLimits.contactName),
  contactPhone: phone,
  billingEmail: visitorEmail(sponsorLimits.email),
  intakeId: uuidSchema(messages.intake),
  seats: z
    .number({ error: messages.seats })
    .check(
      z.int({ error: messages.seats }),
      z.minimum(1, messages.seats),
      z.maximum(sponsorLimits.seats, messages.seats),
    ),
  /** Naira, at least a kobo; none: the intake's price. */
  seatPrice: z.optional(
    z
      .number({ error: messages.seatPrice })
      .check(
        z.minimum(0.01, messages.seatPrice),
        z.maximum(sponsorLimits.seatPriceNaira, messages.seatPrice),
      ),
  ),
});

export type SponsorshipForm = z.output<typeof sponsorshipFormSchema>;

/** Staff keep a seat for a named person, whose address alone may then redeem it. */
export const assignSeatFields = z.object({
  seatId: uuidSchema(messages.invalid),
  fullName: visitorFullName(sponsorLimits.contactName),
  email: visitorEmail(sponsorLimits.email),
});

/** Staff record an invoice paid by a bank transfer they saw arrive, in their words. */
export const recordPaidFields = z.object({
  paidBy: requiredText("How it was paid", messages.paidBy, sponsorLimits.paidBy, singleLine),
});

/** The Sponsors page's action: sell seats. */
export const sponsorsActionSchema = z.discriminatedUnion(
  "intent",
  [z.extend(sponsorshipFormSchema, { intent: z.literal("create") })],
  { error: "Unknown action" },
);

/** One sponsorship's page: name a seat's person, give unused seats back, record a payment. */
export const sponsorshipActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.extend(assignSeatFields, { intent: z.literal("assign-seat") }),
    z.object({
      intent: z.literal("release-seats"),
      seatIds: z
        .array(uuidSchema(messages.invalid))
        .check(z.minLength(1, sponsorMessages.noSeatToRelease), z.maxLength(sponsorLimits.seats)),
    }),
    z.extend(recordPaidFields, { intent: z.literal("record-paid") }),
    z.object({ intent: z.literal("new-link") }),
  ],
  { error: "Unknown action" },
);

export type SponsorshipAction = z.output<typeof sponsorshipActionSchema>;
