import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, messages, outgoingEmails } from "~/db/schema";
import { assignMessage, bulkUpdateMessages } from "~/features/messages/inbox/inbox.server";
import { formatReference } from "~/features/messages/reference";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { makeAdmin } from "../support/admin-session";
import { insertMessage, insertMessages } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const PUBLIC_URL = "https://academy.example.ng";

let actor: Admin;
let assignee: Admin;

beforeAll(async () => {
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "", PUBLIC_URL }));
  actor = await makeAdmin({ name: "Ade Actor" });
  assignee = await makeAdmin({ name: "Ngozi Eze" });
});

beforeEach(async () => {
  await database().db.delete(outgoingEmails);
  await database().db.delete(messages);
});

const assignmentEmails = () =>
  database()
    .db.select()
    .from(outgoingEmails)
    .where(eq(outgoingEmails.kind, "assignment"))
    .orderBy(asc(outgoingEmails.createdAt), asc(outgoingEmails.id));

describe("assigning a message", () => {
  it("e-mails the new assignee the message, its reference and its link", async () => {
    const message = await insertMessage({
      formType: "inquiry",
      fullName: "Amaka Obi",
      email: "amaka@example.ng",
      subject: null,
      courseInterest: "Data Analysis",
      inquiryType: "I want to know about pricing",
      message: "Is there an instalment plan?",
    });
    await assignMessage(actor, message.id, assignee.id);
    const [email, ...more] = await assignmentEmails();
    expect(more).toEqual([]);
    const reference = formatReference(message.reference);
    expect(email).toMatchObject({
      kind: "assignment",
      recipients: [assignee.email],
      subject: `Assigned to you: inquiry from Amaka Obi [${reference}]`,
      messageId: message.id,
      status: "queued",
    });
    const lines = email?.body.split("\n") ?? [];
    expect(lines[0]).toBe("Hello Ngozi,");
    expect(email?.body).toContain("Ade Actor assigned you this inquiry.");
    expect(lines).toContain(`Reference: ${reference}`);
    expect(lines).toContain("From: Amaka Obi <amaka@example.ng>");
    expect(lines).toContain("Form: Course inquiry");
    expect(lines).toContain("Course of interest: Data Analysis");
    expect(lines).toContain("Is there an instalment plan?");
    expect(lines.at(-1)).toBe(
      `Open it in the portal: ${PUBLIC_URL}/admin-portal/messages?id=${message.id}`,
    );
  });

  it("sends nothing on assigning oneself, on unassigning, or when the assignee stays the same", async () => {
    const message = await insertMessage();
    await assignMessage(actor, message.id, actor.id);
    await assignMessage(actor, message.id, null);
    expect(await assignmentEmails()).toEqual([]);

    await assignMessage(actor, message.id, assignee.id);
    await assignMessage(actor, message.id, assignee.id);
    const other = await makeAdmin({ name: "Other Admin" });
    await assignMessage(other, message.id, assignee.id);
    expect(await assignmentEmails()).toHaveLength(1);

    // Assigned away and back: theirs anew.
    await assignMessage(actor, message.id, other.id);
    await assignMessage(actor, message.id, assignee.id);
    const emails = await assignmentEmails();
    expect(emails.map((email) => email.recipients[0])).toEqual([
      assignee.email,
      other.email,
      assignee.email,
    ]);
  });

  it("sends one e-mail when two admins assign the same person at once", async () => {
    const message = await insertMessage();
    const other = await makeAdmin({ name: "Other Admin" });
    await Promise.all([
      assignMessage(actor, message.id, assignee.id),
      assignMessage(other, message.id, assignee.id),
    ]);
    expect(await assignmentEmails()).toHaveLength(1);
  });

  it("sends nothing when the assignment is refused", async () => {
    const message = await insertMessage();
    const inactive = await makeAdmin({ name: "Ina Inactive", isActive: false });
    await expect(assignMessage(actor, message.id, inactive.id)).rejects.toThrow();
    expect(await assignmentEmails()).toEqual([]);
  });
});

describe("bulk assigning", () => {
  it("e-mails the assignee once per message newly theirs", async () => {
    const rows = await insertMessages([{}, {}, {}, { assignedTo: assignee.id }]);
    const changed = await bulkUpdateMessages(
      actor,
      rows.map((row) => row.id),
      "assign",
      assignee.id,
    );
    expect(changed).toBe(4);
    const emails = await assignmentEmails();
    expect(emails.map((email) => email.messageId).sort()).toEqual(
      rows
        .slice(0, 3)
        .map((row) => row.id)
        .sort(),
    );
    for (const email of emails) {
      expect(email.recipients).toEqual([assignee.email]);
      expect(email.body).toContain(`/admin-portal/messages?id=${email.messageId}`);
    }
  });

  it("sends nothing when assigning to oneself or unassigning", async () => {
    const rows = await insertMessages([{}, {}]);
    const ids = rows.map((row) => row.id);
    await bulkUpdateMessages(actor, ids, "assign", actor.id);
    await bulkUpdateMessages(actor, ids, "assign", null);
    expect(await assignmentEmails()).toEqual([]);
  });
});
