import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Admin, admins, authSession, messages, rateLimits } from "~/db/schema";
import { deactivateAdmin } from "~/features/admins/admins.server";
import { beginShutdown, resetShutdownForTesting } from "~/lib/infra/shutdown.server";
import * as logoutRoute from "~/routes/admin/logout";
import * as inboxEventsRoute from "~/routes/resources/inbox-events";
import * as contactRoute from "~/routes/site/contact";
import { makeAdmin, ORIGIN, outcomeOf, postRequest, signedInAdmin } from "../support/admin-session";
import { readUntil } from "../support/inbox-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

// Issue 11, defect 6: the live inbox stream must not outlive the session it was opened with.
// Issue 13: nor the process, which ends it when it begins to shut down.

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(rateLimits);
});

/** Opens the event stream as `cookie` and reads up to its first pulse. */
async function openStream(cookie: string) {
  const request = new Request(`${ORIGIN}/admin-portal/events`, { headers: { cookie } });
  const outcome = await outcomeOf(() => inboxEventsRoute.loader(routeArgs(request)));
  if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
  const reader = outcome.response.body?.getReader();
  if (!reader) throw new Error("The stream has no body");
  const first = await readUntil(
    reader,
    (text) => text.includes("event: pulse") && text.endsWith("\n\n"),
  );
  expect(first).toContain('"unread":0');
  return reader;
}

/** Everything the stream still sends until it ends; fails if it is still open after `ms`. */
async function restOfStream(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  for (;;) {
    const remaining = deadline - Date.now();
    const next = await Promise.race([
      reader.read(),
      new Promise<"open">((resolve) => setTimeout(() => resolve("open"), Math.max(0, remaining))),
    ]);
    if (next === "open") {
      await reader.cancel();
      throw new Error(`The stream was still open after ${ms} ms; it sent ${JSON.stringify(text)}`);
    }
    if (next.done) return text;
    text += decoder.decode(next.value, { stream: true });
  }
}

async function sendContactMessage() {
  const outcome = await outcomeOf(() =>
    contactRoute.action(
      routeArgs(
        postRequest("/contact", {
          name: "Chidi Okafor",
          email: "chidi@example.ng",
          phone: "0803 555 0101",
          subject: "Course Information",
          message: "When does the next data analysis class start?",
        }),
      ),
    ),
  );
  expect(outcome.status).toBe(200);
  const stored = await database().db.select().from(messages);
  expect(stored).toHaveLength(1);
}

describe("the inbox event stream ends with the session", () => {
  const endings: [string, (admin: Admin, cookie: string) => Promise<unknown>][] = [
    [
      "a super admin deactivates the admin",
      async (admin) => deactivateAdmin(await makeAdmin({ role: "super_admin" }), admin.id),
    ],
    [
      "the admin signs out",
      (_admin, cookie) =>
        logoutRoute.action(routeArgs(postRequest("/admin-portal/logout", {}, { cookie }))),
    ],
    [
      "the admin's session row is deleted",
      (admin) => database().db.delete(authSession).where(eq(authSession.userId, admin.userId)),
    ],
    [
      "the admin is switched off without ending the session",
      (admin) =>
        database().db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id)),
    ],
  ];

  for (const [name, end] of endings) {
    it(`closes without sending the next pulse when ${name}`, async () => {
      const { admin, cookie } = await signedInAdmin();
      const reader = await openStream(cookie);
      await end(admin, cookie);
      await sendContactMessage();
      // The stream polls every few seconds; it must end on the poll that sees the new message.
      const rest = await restOfStream(reader, 10_000);
      expect(rest).toBe("");
    });
  }

  it("closes within 30 seconds when nothing happens in the inbox", {
    timeout: 40_000,
  }, async () => {
    const { admin, cookie } = await signedInAdmin();
    const reader = await openStream(cookie);
    await database().db.delete(authSession).where(eq(authSession.userId, admin.userId));
    const rest = await restOfStream(reader, 30_000);
    expect(rest).toBe("");
  });

  it("keeps an active admin's stream open and delivers the new message", async () => {
    const { cookie } = await signedInAdmin();
    const reader = await openStream(cookie);
    try {
      await sendContactMessage();
      const next = await readUntil(
        reader,
        (text) => text.includes("event: pulse") && text.endsWith("\n\n"),
      );
      expect(next).toContain('"unread":1');
    } finally {
      await reader.cancel();
    }
  });
});

describe("the inbox event stream ends when the process shuts down", () => {
  afterEach(resetShutdownForTesting);

  it("closes an open stream at once, without another pulse", async () => {
    const { cookie } = await signedInAdmin();
    const reader = await openStream(cookie);
    beginShutdown();
    expect(await restOfStream(reader, 500)).toBe("");
  });

  it("answers a stream opened while shutting down with an empty body", async () => {
    const { cookie } = await signedInAdmin();
    beginShutdown();
    const request = new Request(`${ORIGIN}/admin-portal/events`, { headers: { cookie } });
    const outcome = await outcomeOf(() => inboxEventsRoute.loader(routeArgs(request)));
    if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
    expect(await outcome.response.text()).toBe("");
  });
});
