import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { contactRow, storeVisitorMessage } from "~/features/messages/intake/submit.server";
import { requestContext } from "~/lib/infra/logger.server";
import { capturedLogger } from "../support/captured-logger";
import { rejection } from "../support/rejection";
import { setupTestDatabase } from "../support/test-database";

/**
 * Errors from the real database carry the visitor's data (Drizzle's `params`, PostgreSQL's
 * `detail` and quoted values); the application's logger configuration keeps none of it.
 */

const database = setupTestDatabase();

const visitor = {
  name: "Bola Adeyemi",
  email: "bola.adeyemi@example.com",
  phone: "0803 555 0199",
  message: "Please call me about the evening cohort",
  ip: "197.210.54.77",
};
const personalValues = Object.values(visitor);

describe("logging a database error", () => {
  it("keeps the query, code and constraint of a refused insert, and none of the visitor's data", async () => {
    const { db } = database();
    await db.execute(sql`ALTER TABLE messages ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    try {
      const row = contactRow(
        {
          name: visitor.name,
          email: visitor.email,
          phone: visitor.phone,
          subject: "Enrollment Inquiry",
          message: visitor.message,
        },
        { ipAddress: visitor.ip, userAgent: null, referrer: null },
      );
      const error = await rejection(storeVisitorMessage(row, ""));
      // The error itself holds the data: the test would see it if the logger kept it.
      expect(String((error as Error).message)).toContain(visitor.email);

      const { logger: log, lines } = capturedLogger();
      requestContext.run({ id: "req-123" }, () =>
        log.error({ err: error }, "Storing a visitor's message failed"),
      );
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0] ?? "");
      expect(line).toMatchObject({
        level: 50,
        reqId: "req-123",
        msg: "Storing a visitor's message failed",
        err: { cause: { code: "23514", constraint: "refuse_all" } },
      });
      expect(line.time).toEqual(expect.any(String));
      expect(line.err.message).toMatch(/^Failed query: insert into "messages"/);
      expect(line.err.stack).toContain("at ");
      for (const value of personalValues) expect(lines[0]).not.toContain(value);
    } finally {
      await db.execute(sql`ALTER TABLE messages DROP CONSTRAINT refuse_all`);
    }
  });

  it("drops the value a database message quotes", async () => {
    const error = await rejection(
      database().db.select().from(messages).where(eq(messages.id, visitor.email)),
    );
    const { logger: log, lines } = capturedLogger();
    log.error({ err: error }, "Reading a message failed");
    const line = JSON.parse(lines[0] ?? "");
    expect(line.err.cause).toMatchObject({ code: "22P02" });
    expect(line.err.cause.message).toContain("invalid input syntax for type uuid");
    expect(lines[0]).not.toContain(visitor.email);
  });
});
