import * as z from "zod/mini";

/**
 * The parts of Meta's webhook deliveries (field `messages`) the academy reads, each bounded:
 * a delivery that does not match is refused whole, one that carries more than this is not
 * Meta's. Unknown fields are ignored (Meta adds them), unknown message types kept as such.
 */
const text = (max: number) => z.string().check(z.maxLength(max));
const id = z.string().check(z.minLength(1), z.maxLength(200));
/** A WhatsApp id: the person's number in international form, digits only. */
const waNumber = z.string().check(z.regex(/^\d{6,20}$/));
const unixSeconds = z.string().check(z.regex(/^\d{1,12}$/));

const media = z.looseObject({
  id,
  mime_type: z.optional(text(200)),
  caption: z.optional(text(4096)),
  filename: z.optional(text(255)),
});

export const inboundMessageSchema = z.looseObject({
  from: waNumber,
  id,
  timestamp: unixSeconds,
  type: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z.optional(z.looseObject({ body: text(8192) })),
  image: z.optional(media),
  document: z.optional(media),
  audio: z.optional(media),
  video: z.optional(media),
  sticker: z.optional(media),
  location: z.optional(
    z.looseObject({
      latitude: z.number().check(z.gte(-90), z.lte(90)),
      longitude: z.number().check(z.gte(-180), z.lte(180)),
      name: z.optional(text(500)),
      address: z.optional(text(1000)),
    }),
  ),
  button: z.optional(z.looseObject({ text: z.optional(text(1000)) })),
  context: z.optional(z.looseObject({ id: z.optional(id) })),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

export const statusSchema = z.looseObject({
  id,
  status: z.string().check(z.maxLength(40)),
  timestamp: unixSeconds,
  recipient_id: z.optional(text(40)),
  errors: z.optional(
    z
      .array(z.looseObject({ code: z.optional(z.number()), title: z.optional(text(500)) }))
      .check(z.maxLength(10)),
  ),
});
export type StatusEvent = z.infer<typeof statusSchema>;

const change = z.looseObject({
  field: text(100),
  value: z.looseObject({
    metadata: z.optional(z.looseObject({ phone_number_id: z.optional(text(40)) })),
    contacts: z.optional(
      z
        .array(
          z.looseObject({
            wa_id: z.optional(text(40)),
            profile: z.optional(z.looseObject({ name: z.optional(text(500)) })),
          }),
        )
        .check(z.maxLength(100)),
    ),
    messages: z.optional(z.array(z.unknown()).check(z.maxLength(1000))),
    statuses: z.optional(z.array(z.unknown()).check(z.maxLength(1000))),
  }),
});

export const webhookDeliverySchema = z.looseObject({
  object: text(100),
  entry: z
    .array(
      z.looseObject({ id: z.optional(text(40)), changes: z.array(change).check(z.maxLength(100)) }),
    )
    .check(z.maxLength(100)),
});

/** One item of a delivery to work on: a visitor's message (with their profile name), or a status. */
export type WebhookItem =
  | { kind: "message"; message: InboundMessage; profileName: string | null }
  | { kind: "status"; status: StatusEvent };

/**
 * The messages and statuses of a delivery for our number (`phoneNumberId`); another number's,
 * and items that do not parse, are left out (an unknown item must not hold up the others).
 */
export function itemsOf(delivery: z.infer<typeof webhookDeliverySchema>, phoneNumberId: string) {
  const items: WebhookItem[] = [];
  if (delivery.object !== "whatsapp_business_account") return items;
  for (const entry of delivery.entry) {
    for (const { field, value } of entry.changes) {
      if (field !== "messages" || value.metadata?.phone_number_id !== phoneNumberId) continue;
      const names = new Map(
        (value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name ?? null]),
      );
      for (const raw of value.messages ?? []) {
        const parsed = z.safeParse(inboundMessageSchema, raw);
        if (parsed.success) {
          const profileName = names.get(parsed.data.from)?.trim() || null;
          items.push({ kind: "message", message: parsed.data, profileName });
        }
      }
      for (const raw of value.statuses ?? []) {
        const parsed = z.safeParse(statusSchema, raw);
        if (parsed.success) items.push({ kind: "status", status: parsed.data });
      }
    }
  }
  return items;
}
