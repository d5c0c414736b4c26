import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Admin,
  courses,
  type Message,
  messages,
  outgoingEmails,
  whatsappMessages,
  whatsappStatuses,
} from "~/db/schema";
import { listMessages } from "~/features/messages/inbox/inbox.server";
import { earlierMessagesFrom } from "~/features/messages/inbox/sender-messages.server";
import { messageTimeline } from "~/features/messages/inbox/timeline.server";
import {
  sendWhatsappReply,
  whatsappReplyState,
} from "~/features/messages/inbox/whatsapp-replies.server";
import { parseInboxQuery } from "~/features/messages/list-url";
import { refusedMediaReasons } from "~/features/messages/whatsapp/whatsapp-media.server";
import { erasePerson, exportPersonData } from "~/features/people/personal-data.server";
import { parseReportPeriod } from "~/features/reports/report-period";
import { messageCounts, messagesByChannel } from "~/features/reports/reports.server";
import { whatsappGreeting } from "~/features/site/whatsapp";
import { refusedFileReasons } from "~/features/uploads/received-file-rules";
import { lagosToday } from "~/lib/format/dates";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import * as webhookRoute from "~/routes/resources/whatsapp-webhook";
import { makeAdmin } from "../support/admin-session";
import { jpegImage, pdfDocument, pdfWithOpenScript } from "../support/course-fixtures";
import { type FakeWhatsapp, startFakeWhatsapp } from "../support/fake-whatsapp";
import { eventually, insertMessage } from "../support/inbox-fixtures";
import { setupMailDelivery } from "../support/mail-delivery";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const ACCESS_TOKEN = "EAAG-test-token";
const APP_SECRET = "fake-app-secret-for-tests";
const VERIFY_TOKEN = "verify-token-of-the-academy";
const PHONE_NUMBER_ID = "106540352242922";
const WABA_ID = "102290129340398";
const WEBHOOK = "http://academy.test/webhooks/whatsapp";

const database = setupTestDatabase();
let fake: FakeWhatsapp;
/** Filled once the fake listens; the mail delivery's environment reads it before each test. */
const channel: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeWhatsapp({
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: WABA_ID,
    deliverTo: async (body, signature) => {
      const response = await webhookRoute.action(
        routeArgs(
          new Request(WEBHOOK, {
            method: "POST",
            headers: { "content-type": "application/json", "x-hub-signature-256": signature },
            body,
          }),
        ),
      );
      return response.status;
    },
  });
  Object.assign(channel, {
    WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_BUSINESS_ACCOUNT_ID: WABA_ID,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_GRAPH_URL: fake.graphUrl,
  });
});
afterAll(() => fake?.close());

const delivery = setupMailDelivery({
  name: "whatsapp-inbox",
  env: Object.assign(channel, {
    NOTIFY_EMAILS: "staff@academy.test",
    PUBLIC_URL: "http://academy.test",
  }),
  tables: [messages, whatsappStatuses, outgoingEmails],
});

let actor: Admin;
beforeAll(async () => {
  actor = await makeAdmin({ role: "admin", name: "Wale Whatsapp" });
});

let numbers = 0;
/** A fresh sender, digits only as Meta writes it: 234 and a Nigerian mobile number. */
const newNumber = () => `2348030${String(100_000 + ++numbers).slice(-6)}`;

async function conversationOf(from: string): Promise<Message> {
  return eventually(async () => {
    const [row] = await database()
      .db.select()
      .from(messages)
      .where(and(eq(messages.formType, "whatsapp"), eq(messages.phone, `+${from}`)));
    return row;
  });
}

async function storedCount(messageId: string) {
  const rows = await database()
    .db.select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.messageId, messageId));
  return rows.length;
}

describe("the webhook", () => {
  const check = (params: Record<string, string>) =>
    webhookRoute.loader(
      routeArgs(new Request(`${WEBHOOK}?${new URLSearchParams(params)}`, { method: "GET" })),
    );

  it("answers Meta's subscription check with the challenge only for our verify token", async () => {
    const ok = await check({
      "hub.mode": "subscribe",
      "hub.verify_token": VERIFY_TOKEN,
      "hub.challenge": "1158201444",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await check({
      "hub.mode": "subscribe",
      "hub.verify_token": "guess",
      "hub.challenge": "1158201444",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("");
  });

  it("is the site's 404 while the channel is off", async () => {
    delivery.setEnvironment({
      WHATSAPP_ACCESS_TOKEN: "",
      WHATSAPP_PHONE_NUMBER_ID: "",
      WHATSAPP_BUSINESS_ACCOUNT_ID: "",
      WHATSAPP_APP_SECRET: "",
      WHATSAPP_VERIFY_TOKEN: "",
    });
    const off = await check({
      "hub.mode": "subscribe",
      "hub.verify_token": VERIFY_TOKEN,
      "hub.challenge": "1",
    });
    expect(off.status).toBe(404);
    const { status } = await fake.deliverMessage({ from: newNumber(), text: "Hello?" });
    expect(status).toBe(404);
  });

  it("refuses a delivery with a wrong signature, and stores nothing of it", async () => {
    const from = newNumber();
    const { status } = await fake.deliverMessage({ from, text: "Forged" }, { badSignature: true });
    expect(status).toBe(401);
    const unsigned = await webhookRoute.action(
      routeArgs(new Request(WEBHOOK, { method: "POST", body: JSON.stringify({ object: "x" }) })),
    );
    expect(unsigned.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.phone, `+${from}`));
    expect(rows).toEqual([]);
  });

  it("refuses a signed delivery that is not Meta's shape with 400", async () => {
    expect(await fake.post({ object: "whatsapp_business_account", entry: "nope" })).toBe(400);
    expect(await fake.post({ object: "whatsapp_business_account", entry: [] })).toBe(200);
  });
});

describe("a visitor's WhatsApp message", () => {
  it("starts a conversation on the 24-hour clock, named after the course the button's greeting names", async () => {
    const [course] = await database()
      .db.insert(courses)
      .values({
        title: "WhatsApp Data Analysis",
        slug: `whatsapp-data-${numbers}`,
        description: "Data",
        category: "Data Science",
        level: "Beginner",
        duration: "8 weeks",
        price: 150_000_00,
      } as typeof courses.$inferInsert)
      .returning();
    const from = newNumber();
    const text = whatsappGreeting({ title: course?.title ?? "", nextSession: null });
    const started = Date.now();
    const { status } = await fake.deliverMessage({ from, name: "Chidi Okafor", text });
    expect(status).toBe(200);
    const conversation = await conversationOf(from);
    const arrivedMs = Date.now() - started;
    expect(arrivedMs).toBeLessThan(10_000);
    expect(conversation).toMatchObject({
      formType: "whatsapp",
      fullName: "Chidi Okafor",
      email: null,
      status: "unread",
      message: text,
      courseInterest: "WhatsApp Data Analysis",
    });
    // Staff find it by the name or the text, though it has no address.
    for (const q of ["Chidi Okafor", "interested in the course"]) {
      const found = await listMessages(parseInboxQuery(new URLSearchParams({ q })), actor);
      expect(found.messages.map((row) => row.id)).toContain(conversation.id);
    }
    const timeline = await messageTimeline(conversation.id);
    const received = timeline.entries.find((entry) => entry.kind === "whatsapp-received");
    expect(received?.whatsapp?.body).toBe(text);
    expect(received?.actor).toBe("Chidi Okafor");
    // Staff are alerted as for a form's message.
    await eventually(async () => {
      const alerts = await database()
        .db.select()
        .from(outgoingEmails)
        .where(
          and(
            eq(outgoingEmails.messageId, conversation.id),
            eq(outgoingEmails.kind, "staff-alert"),
          ),
        );
      return alerts.length === 1 ? alerts : undefined;
    });
  });

  it("is stored once however often and however concurrently Meta delivers it", async () => {
    const from = newNumber();
    const { payload, wamid } = fake.inboundPayload({ from, text: "Once only" });
    const statuses = await Promise.all([
      fake.post(payload),
      fake.post(payload),
      fake.post(payload),
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    const conversation = await conversationOf(from);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rows = await database()
      .db.select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, wamid));
    expect(rows).toHaveLength(1);
    const conversations = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.phone, `+${from}`));
    expect(conversations).toHaveLength(1);
    expect(await storedCount(conversation.id)).toBe(1);
  });

  it("is stored with a NUL and half an emoji made storable, not refused (PostgreSQL takes neither)", async () => {
    const from = newNumber();
    const { status } = await fake.deliverMessage({ from, text: "Hi\u0000 there \ud83d!" });
    expect(status).toBe(200);
    const conversation = await conversationOf(from);
    expect(conversation.message).toBe("Hi there \ufffd!");
  });

  it("joins the person's open conversation, which finds their web messages by the same number", async () => {
    const from = newNumber();
    const national = `0${from.slice(3)}`;
    const web = await insertMessage({
      fullName: "Bisi Ade",
      email: "bisi@visitor.test",
      phone: `+${from}`,
    });
    await fake.deliverMessage({ from, text: "First" });
    const conversation = await conversationOf(from);
    await fake.deliverMessage({ from, text: "Second", at: new Date(Date.now() + 1_000) });
    await eventually(async () => ((await storedCount(conversation.id)) === 2 ? true : undefined));
    const linked = await earlierMessagesFrom(conversation);
    expect(linked.messages.map((message) => message.id)).toContain(web.id);
    expect(national).toMatch(/^0803/);
  });

  it("reopens an answered conversation and restarts its clock from the new message", async () => {
    const from = newNumber();
    await fake.deliverMessage({ from, text: "Is there a weekend class?" });
    const conversation = await conversationOf(from);
    await sendWhatsappReply(actor, conversation.id, { text: "Yes, on Saturdays." });
    expect((await conversationOf(from)).status).toBe("replied");
    await fake.deliverMessage({
      from,
      text: "Thanks! How much is it?",
      at: new Date(Date.now() + 2_000),
    });
    const reopened = await eventually(async () => {
      const row = await conversationOf(from);
      return row.status === "unread" ? row : undefined;
    });
    expect(reopened.waitingSince.getTime()).toBeGreaterThan(conversation.waitingSince.getTime());
    const [answer] = await database()
      .db.select()
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.messageId, conversation.id),
          eq(whatsappMessages.body, "Thanks! How much is it?"),
        ),
      );
    expect(answer?.restartedClock).toBe(true);
  });

  it("keeps a photo (written again), a voice note, a place and a reply's context; refuses a PDF with scripts and an expired link with a note", async () => {
    const from = newNumber();
    const photo = fake.addMedia(await jpegImage(320, 240), "image/jpeg");
    const pdf = fake.addMedia(Buffer.from(await pdfWithOpenScript()), "application/pdf");
    const brochure = fake.addMedia(Buffer.from(await pdfDocument("My CV")), "application/pdf");
    const voice = fake.addMedia(
      Buffer.concat([Buffer.from("OggS"), Buffer.alloc(200, 1)]),
      "audio/ogg; codecs=opus",
    );
    const gone = fake.addMedia(await jpegImage(100, 100), "image/jpeg");
    fake.expireMedia(gone);
    const first = await fake.deliverMessage({
      from,
      type: "image",
      mediaId: photo,
      caption: "My receipt",
    });
    await fake.deliverMessage({ from, type: "document", mediaId: pdf, filename: "cv.pdf" });
    await fake.deliverMessage({ from, type: "document", mediaId: brochure, filename: "my-cv.pdf" });
    await fake.deliverMessage({ from, type: "audio", mediaId: voice });
    await fake.deliverMessage({ from, type: "image", mediaId: gone });
    await fake.deliverMessage({
      from,
      type: "location",
      location: {
        latitude: 6.4281,
        longitude: 3.4219,
        name: "Yaba",
        address: "Herbert Macaulay Way",
      },
    });
    await fake.deliverMessage({ from, text: "About the photo", contextWamid: first.wamid });
    const conversation = await conversationOf(from);
    await eventually(async () => ((await storedCount(conversation.id)) === 7 ? true : undefined), {
      timeoutMs: 30_000,
    });
    const entries = (await messageTimeline(conversation.id)).entries.flatMap((entry) =>
      entry.whatsapp ? [entry.whatsapp] : [],
    );
    const image = entries.find((entry) => entry.body === "My receipt");
    expect(image?.content.file).toMatchObject({ contentType: "image/jpeg", name: "Photo" });
    const [stored] = await database()
      .db.select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, image?.id ?? ""));
    const object = await mailAttachments().get(stored?.content.file?.key ?? "");
    expect(object).not.toBeNull();
    expect(
      entries.find((entry) => entry.content.refusedFile?.name === "cv.pdf")?.content.refusedFile,
    ).toEqual({ name: "cv.pdf", reason: refusedFileReasons.unsafe });
    expect(
      entries.find((entry) => entry.content.file?.name === "my-cv.pdf")?.content.file,
    ).toMatchObject({
      contentType: "application/pdf",
    });
    expect(entries.find((entry) => entry.content.type === "audio")?.content.file?.contentType).toBe(
      "audio/ogg",
    );
    expect(
      entries.filter(
        (entry) => entry.content.refusedFile?.reason === refusedMediaReasons.unreachable,
      ),
    ).toHaveLength(1);
    expect(entries.find((entry) => entry.content.type === "location")).toMatchObject({
      body: "Yaba, Herbert Macaulay Way",
      content: { location: { latitude: 6.4281, longitude: 3.4219 } },
    });
    expect(entries.find((entry) => entry.body === "About the photo")?.context).toBe("My receipt");
  }, 60_000);
});

describe("replies from the portal", () => {
  it("inside the window: free text, answered once Meta accepts it, delivery ticks in any order", async () => {
    const from = newNumber();
    await fake.deliverMessage({ from, text: "Hi" });
    const conversation = await conversationOf(from);
    const state = await whatsappReplyState(conversation, null);
    expect(state.connected).toBe(true);
    expect(state.windowClosesAt).not.toBeNull();
    expect(state.templates).toEqual([]);
    await sendWhatsappReply(actor, conversation.id, { text: "Hello from the academy" });
    const sent = fake.sent.at(-1);
    expect(sent).toMatchObject({ to: from, type: "text", text: "Hello from the academy" });
    const replied = await conversationOf(from);
    expect(replied.status).toBe("replied");
    expect(replied.repliedAt).not.toBeNull();
    // 'read' before 'delivered', each twice: the furthest stands.
    const wamid = sent?.wamid ?? "";
    await fake.deliverStatus(wamid, "read");
    await fake.deliverStatus(wamid, "delivered");
    await fake.deliverStatus(wamid, "read");
    const reply = await eventually(async () => {
      const entry = (await messageTimeline(conversation.id)).entries.find(
        (item) => item.kind === "whatsapp-sent",
      );
      return entry?.whatsapp?.delivery?.status === "read" ? entry : undefined;
    });
    expect(reply.actor).toBe("Wale Whatsapp");
  });

  it("a status that arrives before the message it names is kept for it", async () => {
    const wamid = "wamid.early-status-0001";
    await fake.deliverStatus(wamid, "delivered");
    await eventually(async () => {
      const [row] = await database()
        .db.select()
        .from(whatsappStatuses)
        .where(eq(whatsappStatuses.wamid, wamid));
      return row;
    });
  });

  it("outside the window: no free text; an approved template, its parameters filled from the conversation", async () => {
    const from = newNumber();
    const old = new Date(Date.now() - 30 * 3_600_000);
    await fake.deliverMessage({ from, name: "Funke Bello", text: "Hello", at: old });
    const conversation = await conversationOf(from);
    await expect(sendWhatsappReply(actor, conversation.id, { text: "Too late" })).rejects.toThrow(
      "The 24-hour window is closed",
    );
    const closed = await whatsappReplyState(conversation, "course_follow_up:en");
    expect(closed.windowClosesAt).toBeNull();
    // Only approved ones, read across Meta's pages.
    expect(closed.templates?.map((template) => template.value)).toEqual([
      "course_follow_up:en",
      "intake_reminder:en",
      "hello_academy:en_GB",
    ]);
    expect(closed.chosen?.parameters).toEqual(["Funke", ""]);
    await expect(
      sendWhatsappReply(actor, conversation.id, {
        template: { name: "course_follow_up", language: "en", parameters: ["Funke"] },
      }),
    ).rejects.toThrow("Fill in every parameter");
    await sendWhatsappReply(actor, conversation.id, {
      template: {
        name: "course_follow_up",
        language: "en",
        parameters: ["Funke", "Data Analysis"],
      },
    });
    expect(fake.sent.at(-1)).toMatchObject({
      type: "template",
      template: { name: "course_follow_up", parameters: ["Funke", "Data Analysis"] },
    });
    expect((await conversationOf(from)).status).toBe("replied");
    const [sent] = await database()
      .db.select()
      .from(whatsappMessages)
      .where(
        and(eq(whatsappMessages.messageId, conversation.id), eq(whatsappMessages.direction, "out")),
      );
    expect(sent?.body).toContain(
      "Hello Funke, this is Lagos Tech Academy following up on your question about Data Analysis.",
    );
  });

  it("Meta out of reach while the window is closed: the composer says the templates could not be read", async () => {
    const from = newNumber();
    await fake.deliverMessage({ from, text: "Hello?", at: new Date(Date.now() - 30 * 3_600_000) });
    const conversation = await conversationOf(from);
    delivery.setEnvironment({ WHATSAPP_GRAPH_URL: "http://127.0.0.1:9/v23.0" });
    const state = await whatsappReplyState(conversation, null);
    expect(state).toMatchObject({ connected: true, windowClosesAt: null, templates: null });
  });

  for (const refusal of [
    { code: 130429, title: "Rate limit hit" },
    { code: 131030, title: "Recipient phone number not in allowed list" },
  ])
    it(`a send Meta refuses (${refusal.title}) shows Meta's reason and keeps the conversation on the clock`, async () => {
      const from = newNumber();
      await fake.deliverMessage({ from, text: "Hi" });
      const conversation = await conversationOf(from);
      fake.failNextSend(refusal);
      await expect(sendWhatsappReply(actor, conversation.id, { text: "Hello" })).rejects.toThrow(
        `WhatsApp refused the message: ${refusal.title} (code ${refusal.code})`,
      );
      const still = await conversationOf(from);
      expect(still.status).not.toBe("replied");
      expect(still.repliedAt).toBeNull();
      const entry = (await messageTimeline(conversation.id)).entries.find(
        (item) => item.kind === "whatsapp-sent",
      );
      expect(entry?.whatsapp?.refused).toEqual(refusal);
    });

  it("a reply Meta accepted and then reports failed (the closed window) puts the conversation back on the clock", async () => {
    const from = newNumber();
    await fake.deliverMessage({ from, text: "Hi" });
    const conversation = await conversationOf(from);
    // The window closes between the page and the send: Meta's own clock decides.
    fake.setLastInbound(from, new Date(Date.now() - 25 * 3_600_000));
    await sendWhatsappReply(actor, conversation.id, { text: "Hello" });
    expect((await conversationOf(from)).status).toBe("replied");
    const waiting = await eventually(async () => {
      const row = await conversationOf(from);
      return row.status === "unread" ? row : undefined;
    });
    expect(waiting.repliedAt).toBeNull();
    const entry = await eventually(async () => {
      const found = (await messageTimeline(conversation.id)).entries.find(
        (item) => item.kind === "whatsapp-sent",
      );
      return found?.whatsapp?.delivery?.status === "failed" ? found : undefined;
    });
    expect(entry.whatsapp?.delivery?.error).toEqual({
      code: 131047,
      title: "Re-engagement message",
    });
  });
});

describe("reports and personal data", () => {
  it("count WhatsApp conversations per week beside the forms and e-mail", async () => {
    const today = lagosToday();
    const { period } = parseReportPeriod(new URLSearchParams({ period: "4w" }), today);
    const before = (await messageCounts(period)).perWeek.at(-1);
    const channelsBefore = await messagesByChannel(14);
    const from = newNumber();
    await fake.deliverMessage({ from, text: "Counted" });
    await conversationOf(from);
    await insertMessage({ formType: "contact" });
    const after = (await messageCounts(period)).perWeek.at(-1);
    expect(after?.whatsapp).toBe((before?.whatsapp ?? 0) + 1);
    expect(after?.contact).toBe((before?.contact ?? 0) + 1);
    // The dashboard's last days, by channel.
    const channels = await messagesByChannel(14);
    expect(channels.whatsapp).toBe(channelsBefore.whatsapp + 1);
    expect(channels.forms).toBe(channelsBefore.forms + 1);
  });

  it("export a person's WhatsApp messages and erase them with their files", async () => {
    const from = newNumber();
    const photo = fake.addMedia(await jpegImage(200, 200), "image/jpeg");
    await fake.deliverMessage({ from, text: "Please erase me" });
    await fake.deliverMessage({ from, type: "image", mediaId: photo });
    const conversation = await conversationOf(from);
    await eventually(async () => ((await storedCount(conversation.id)) === 2 ? true : undefined));
    const key = { email: "", phone: `+${from}` };
    const exported = await exportPersonData(key);
    expect(exported.messages[0]?.whatsapp.map((message) => message.text)).toContain(
      "Please erase me",
    );
    const [withFile] = await database()
      .db.select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.messageId, conversation.id), eq(whatsappMessages.body, "")));
    const fileKey = withFile?.content.file?.key ?? "";
    expect(await mailAttachments().get(fileKey)).not.toBeNull();
    const jobsNaming = async () =>
      (
        await database().db.execute<{ count: number }>(
          sql`select count(*)::int as count from pgboss.job where data::text like ${`%${from}%`}`,
        )
      ).rows[0]?.count ?? -1;
    expect(await jobsNaming()).toBeGreaterThan(0);
    await erasePerson(actor, key);
    // The jobs that carried their messages go too.
    expect(await jobsNaming()).toBe(0);
    const left = await database()
      .db.select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.messageId, conversation.id));
    expect(left).toHaveLength(2);
    expect(left.some((row) => row.body.includes("erase me"))).toBe(false);
    expect(left.every((row) => !row.content.file)).toBe(true);
    expect(await mailAttachments().get(fileKey)).toBeNull();
  });
});
