import { beforeEach, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import {
  earlierMessagesFrom,
  SENDER_MESSAGES_LISTED,
} from "~/features/messages/inbox/sender-messages.server";
import { phoneDigits } from "~/lib/text/phone-format";
import { insertMessage, insertMessages } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(messages);
});

const BASE = Date.parse("2026-03-10T08:00:00.000Z");
const minute = (n: number) => new Date(BASE + n * 60_000);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe("phoneDigits", () => {
  it("keeps the last ten digits, so local and international forms agree", () => {
    expect(phoneDigits("0803 123 4567")).toBe("8031234567");
    expect(phoneDigits("+234 803 123 4567")).toBe("8031234567");
    expect(phoneDigits("(0803)-123-4567")).toBe("8031234567");
  });

  it("gives null for no number or one too short to match on", () => {
    expect(phoneDigits(null)).toBeNull();
    expect(phoneDigits("")).toBeNull();
    expect(phoneDigits("123 4567")).toBeNull();
  });
});

describe("earlierMessagesFrom", () => {
  it("finds the same e-mail address in any case, and not the message itself", async () => {
    const [older, , current, newer] = await insertMessages([
      { email: "Ngozi.Okafor@Example.com", createdAt: minute(0) },
      { email: "someone.else@example.com", createdAt: minute(1) },
      { email: "ngozi.okafor@example.com", createdAt: minute(2) },
      { email: "NGOZI.OKAFOR@EXAMPLE.COM", createdAt: minute(3) },
    ]);
    if (!older || !current || !newer) throw new Error("rows missing");
    const linked = await earlierMessagesFrom(current);
    expect(linked).toMatchObject({ earlier: 1, later: 1, capped: false });
    expect(ids(linked.messages)).toEqual([newer.id, older.id]);
    expect(linked.messages.map((row) => row.isEarlier)).toEqual([false, true]);
  });

  it("finds the same phone number written differently, whatever the e-mail", async () => {
    const [local, international, dashed, other, current] = await insertMessages([
      { phone: "0803 123 4567", createdAt: minute(0) },
      { phone: "+234 803 123 4567", createdAt: minute(1) },
      { phone: "234-803-123-4567", createdAt: minute(2) },
      { phone: "0803 123 4568", createdAt: minute(3) },
      { phone: "+2348031234567", createdAt: minute(4) },
    ]);
    if (!local || !international || !dashed || !other || !current) throw new Error("rows missing");
    const linked = await earlierMessagesFrom(current);
    expect(linked).toMatchObject({ earlier: 3, later: 0 });
    expect(ids(linked.messages)).toEqual([dashed.id, international.id, local.id]);
  });

  it("does not match on a missing or short phone number", async () => {
    const [first, second] = await insertMessages([
      { phone: null, createdAt: minute(0) },
      { phone: null, createdAt: minute(1) },
    ]);
    if (!first || !second) throw new Error("rows missing");
    expect(await earlierMessagesFrom(second)).toMatchObject({ earlier: 0, later: 0, messages: [] });
    const short = await insertMessages([
      { phone: "4567", createdAt: minute(2) },
      { phone: "4567", createdAt: minute(3) },
    ]);
    expect((await earlierMessagesFrom(short[1] as (typeof short)[number])).messages).toEqual([]);
  });

  it(`lists the newest ${SENDER_MESSAGES_LISTED} and counts them all`, async () => {
    const rows = await insertMessages(
      Array.from({ length: 15 }, (_, index) => ({
        email: "repeat@example.com",
        createdAt: minute(index),
      })),
    );
    const current = rows[12];
    if (!current) throw new Error("row missing");
    const linked = await earlierMessagesFrom(current);
    expect(linked).toMatchObject({ earlier: 12, later: 2, capped: false });
    const expected = ids(rows)
      .reverse()
      .filter((id) => id !== current.id)
      .slice(0, SENDER_MESSAGES_LISTED);
    expect(ids(linked.messages)).toEqual(expected);
  });

  it("orders messages stored in the same millisecond by their stored time and id", async () => {
    const sameTime = minute(5);
    const rows = await insertMessages(
      Array.from({ length: 3 }, () => ({ email: "twin@example.com", createdAt: sameTime })),
    );
    const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    const middle = sorted[1];
    if (!middle) throw new Error("row missing");
    expect(await earlierMessagesFrom(middle)).toMatchObject({ earlier: 1, later: 1 });
  });

  it("has nothing for a first-time sender", async () => {
    const message = await insertMessage({ email: "new@example.com", phone: "0809 999 0000" });
    await insertMessage({ email: "other@example.com", phone: "0809 999 0001" });
    expect(await earlierMessagesFrom(message)).toMatchObject({
      earlier: 0,
      later: 0,
      capped: false,
      messages: [],
    });
  });
});
