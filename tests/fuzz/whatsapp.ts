// The fuzz suite's WhatsApp phase (issue 43): generated deliveries to the server's WhatsApp
// webhook, signed as Meta signs them (and some not), from the fake Graph API that the server
// fetches media from: broken and foreign shapes, unknown message types, huge and hostile texts,
// numbers that are not numbers, locations off the globe, the same wamid delivered again and at
// once, statuses of messages that do not exist, and files of random bytes behind any declared
// type (a JPEG header over garbage, a PDF that is not one, an Ogg voice note, nothing at all).
// A case fails on a 5xx, no answer, or a stack trace in the server's log. After the run (the
// job queue drained), tests/fuzz/stored-rows.ts checks that every valid message was stored once
// and every kept file is what its type says.

import fc from "fast-check";
import * as z from "zod/mini";
import { itemsOf, webhookDeliverySchema } from "~/features/messages/whatsapp/webhook-payload";
import type { AppServer } from "../support/app-server";
import { type FakeWhatsapp, startFakeWhatsapp, whatsappEnvFor } from "../support/fake-whatsapp";

const channel = {
  accessToken: "EAAG-fuzz-token",
  appSecret: "fuzz-app-secret",
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
};

/** The fake Graph API the fuzz server talks to, started before the server. */
export async function startFuzzWhatsapp() {
  return startFakeWhatsapp(channel);
}

/** The server's environment for the channel, pointed at the fake. */
export const whatsappEnv = (fake: FakeWhatsapp) => whatsappEnvFor(channel, fake.graphUrl);

export type WhatsappResult = {
  target: string;
  statuses: Map<number | "no answer", number>;
  failing: number;
  failure?: string;
  /** The wamids of valid messages in signed deliveries: each must be stored once. */
  expectStored: string[];
};

const nasty = fc.constantFrom(
  "\0",
  "\u202e",
  "\ud800",
  "'; drop table messages; --",
  "{{1}}",
  "<script>",
  "\r\n",
);
// Weighted so that most deliveries hold messages the app stores (the paths worth fuzzing),
// and the rest break one rule or another.
const hostileText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 50 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }), weight: 3 },
  { arbitrary: fc.array(nasty, { maxLength: 5 }).map((parts) => parts.join("x")), weight: 3 },
  {
    arbitrary: fc.integer({ min: 4000, max: 9000 }).map((length) => "é".repeat(length)),
    weight: 1,
  },
);
const from = fc.oneof(
  { arbitrary: fc.constantFrom("2348031234567", "2348031234568", "447700900123"), weight: 8 },
  { arbitrary: fc.string({ maxLength: 25 }), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 99_999_999 }).map(String), weight: 1 },
);
/** A small pool, so that the same wamid is delivered again. */
const wamid = fc.oneof(
  fc.integer({ min: 1, max: 15 }).map((n) => `wamid.fuzz-pool-${n}`),
  fc.uuid().map((id) => `wamid.fuzz-${id}`),
  fc.string({ maxLength: 300 }),
);
const magic = fc.constantFrom(
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("%PDF-1.7\n"),
  Buffer.from("OggS"),
  Buffer.from("#!AMR\n"),
  Buffer.alloc(0),
);
const mediaFile = fc.record({
  head: magic,
  body: fc.uint8Array({ maxLength: 4096 }),
  mime: fc.constantFrom(
    "image/jpeg",
    "image/png",
    "application/pdf",
    "audio/ogg",
    "video/mp4",
    "text/html",
    "",
  ),
});
const mediaType = fc.constantFrom("image", "document", "audio", "video", "sticker");

type Generated = {
  payload: unknown;
  signed: boolean;
  media: { head: Buffer; body: Uint8Array; mime: string } | null;
};

function message(fake: FakeWhatsapp) {
  return fc
    .record({
      from,
      id: wamid,
      timestamp: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 2_000_000_000 }).map(String), weight: 9 },
        { arbitrary: fc.string({ maxLength: 14 }), weight: 1 },
      ),
      type: fc.oneof(
        {
          arbitrary: fc.constantFrom("text", "location", "button", "reaction", "unsupported"),
          weight: 4,
        },
        { arbitrary: mediaType, weight: 5 },
        { arbitrary: fc.string({ maxLength: 45 }), weight: 1 },
      ),
      text: hostileText,
      media: fc.option(mediaFile, { nil: null }),
      location: fc.record({
        latitude: fc.double({ min: -200, max: 200, noNaN: true }),
        longitude: fc.double({ min: -400, max: 400, noNaN: true }),
        name: hostileText,
      }),
      context: fc.option(wamid, { nil: undefined }),
      junk: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }),
    })
    .map((m) => {
      const mediaId = m.media
        ? fake.addMedia(Buffer.concat([m.media.head, m.media.body]), m.media.mime)
        : "no-such-media";
      const body: Record<string, unknown> = {
        from: m.from,
        id: m.id,
        timestamp: m.timestamp,
        type: m.type,
        text: { body: m.text },
        location: m.location,
        [m.type]:
          m.type === "text"
            ? { body: m.text }
            : {
                id: mediaId,
                mime_type: m.media?.mime,
                caption: m.text,
                filename: m.text.slice(0, 300),
              },
        ...(m.context ? { context: { id: m.context } } : {}),
        ...(m.junk !== undefined ? { extra: m.junk } : {}),
      };
      return { body, media: m.media };
    });
}

const statusItem = fc.record({
  id: wamid,
  status: fc.oneof(
    fc.constantFrom("sent", "delivered", "read", "failed", "deleted"),
    fc.string({ maxLength: 45 }),
  ),
  timestamp: fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
  errors: fc.option(
    fc.array(fc.record({ code: fc.integer(), title: hostileText }), { maxLength: 3 }),
    { nil: undefined },
  ),
});

function delivery(fake: FakeWhatsapp): fc.Arbitrary<Generated> {
  return fc
    .record({
      messages: fc.array(message(fake), { maxLength: 3 }),
      statuses: fc.array(statusItem, { maxLength: 3 }),
      phoneNumberId: fc.oneof(
        { arbitrary: fc.constant(channel.phoneNumberId), weight: 9 },
        { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
      ),
      contacts: fc.array(fc.record({ wa_id: from, profile: fc.record({ name: hostileText }) }), {
        maxLength: 2,
      }),
      shape: fc.constantFrom("meta", "meta", "meta", "meta", "meta", "meta", "junk", "truncated"),
      junk: fc.jsonValue({ maxDepth: 4 }),
      // Nine in ten signed with the app secret, the rest with another.
      signed: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
    })
    .map((d) => {
      const meta = {
        object: "whatsapp_business_account",
        entry: [
          {
            id: channel.businessAccountId,
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { phone_number_id: d.phoneNumberId },
                  contacts: d.contacts,
                  messages: d.messages.map((m) => m.body),
                  statuses: d.statuses,
                },
              },
            ],
          },
        ],
      };
      const payload =
        d.shape === "meta" ? meta : d.shape === "junk" ? d.junk : JSON.stringify(meta).slice(0, 40);
      return { payload, signed: d.signed, media: d.messages[0]?.media ?? null };
    });
}

/** Waits until the server has been quiet (no fetch from the fake, no log line) for `quietMs`. */
async function drained(server: AppServer, fake: FakeWhatsapp, quietMs = 4_000, maxMs = 90_000) {
  const started = Date.now();
  let mark = `${fake.requests.length}/${server.log().length}`;
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = `${fake.requests.length}/${server.log().length}`;
    if (now !== mark) {
      mark = now;
      since = Date.now();
    }
  }
}

export async function fuzzWhatsapp({
  server,
  fake,
  runs,
  seed,
  stackFrame,
}: {
  server: AppServer;
  fake: FakeWhatsapp;
  runs: number;
  seed: number;
  stackFrame: RegExp;
}): Promise<WhatsappResult> {
  fake.setWebhookUrl(`${server.origin}/webhooks/whatsapp`);
  const statuses = new Map<number | "no answer", number>();
  const expectStored = new Set<string>();
  let failing = 0;
  let firstFailure: string | undefined;
  const logBefore = server.log().length;
  await fc.assert(
    fc.asyncProperty(delivery(fake), async (generated) => {
      const status = await fake
        .post(generated.payload, { badSignature: !generated.signed })
        .catch(() => "no answer" as const);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === "no answer" || status >= 500) {
        failing += 1;
        firstFailure ??= `answered ${status} to ${JSON.stringify(generated.payload).slice(0, 500)}`;
      }
      if (status === 200 && generated.signed) {
        const parsed = z.safeParse(webhookDeliverySchema, generated.payload);
        if (parsed.success)
          for (const item of itemsOf(parsed.data, channel.phoneNumberId))
            if (item.kind === "message") expectStored.add(item.message.id);
      }
    }),
    { numRuns: runs, seed },
  );
  await drained(server, fake);
  const log = server.log().slice(logBefore);
  const traced = stackFrame.test(log);
  const failure =
    failing || traced
      ? `FAIL whatsapp webhook: ${failing} failing deliveries${traced ? ", a stack trace in the log" : ""}${firstFailure ? `; first: ${firstFailure}` : ""}`
      : undefined;
  return {
    target: "whatsapp webhook",
    statuses,
    failing,
    failure,
    expectStored: [...expectStored],
  };
}
