import { describe, expect, it } from "vitest";
import { senderMessagesHeading } from "~/features/messages/inbox/sender-messages";
import { deliveryText, timelineText } from "~/features/messages/inbox/timeline-text";

const entry = (overrides: Partial<Parameters<typeof timelineText>[0]>) => ({
  kind: "status" as const,
  actor: "Ade",
  from: null,
  to: null,
  email: null,
  ...overrides,
});

describe("timelineText", () => {
  it("reads unread → read as 'Opened by', any other change with its values", () => {
    expect(timelineText(entry({ from: "unread", to: "read" }))).toBe("Opened by Ade");
    expect(timelineText(entry({ from: "read", to: "unread" }))).toBe(
      "Status: Read → Unread by Ade",
    );
    expect(timelineText(entry({ kind: "priority", from: "normal", to: "urgent" }))).toBe(
      "Priority: Normal → Urgent by Ade",
    );
  });

  it("names the new assignee, or says the message was unassigned", () => {
    expect(timelineText(entry({ kind: "assigned", from: null, to: "Bola" }))).toBe(
      "Assigned to Bola by Ade",
    );
    expect(timelineText(entry({ kind: "assigned", from: "Bola", to: null }))).toBe(
      "Unassigned by Ade",
    );
  });

  it("says where a reminder went, and reads without recipients too", () => {
    const email = {
      status: "sent" as const,
      recipients: ["a@x.ng", "b@x.ng"],
      body: null,
      lastError: null,
      bounced: false,
    };
    expect(timelineText(entry({ kind: "reminder-sent", actor: "System", email }))).toBe(
      "Reminder sent to a@x.ng, b@x.ng",
    );
    expect(timelineText(entry({ kind: "reminder-sent", actor: "System" }))).toBe("Reminder sent");
  });

  it("words every delivery status", () => {
    expect(["queued", "sent", "failed"].map((s) => deliveryText(s as "sent"))).toEqual([
      "Sending",
      "Sent",
      "Failed",
    ]);
  });
});

describe("senderMessagesHeading", () => {
  const linked = (earlier: number, later: number, capped = false) => ({
    earlier,
    later,
    capped,
    countCap: 1000,
    messages: [],
  });

  it("counts earlier messages, and later ones after them", () => {
    expect(senderMessagesHeading(linked(1, 0))).toBe("1 earlier message from this person");
    expect(senderMessagesHeading(linked(3, 2))).toBe(
      "3 earlier messages from this person · 2 later",
    );
    expect(senderMessagesHeading(linked(0, 1))).toBe("1 later message from this person");
    expect(senderMessagesHeading(linked(1200, 5))).toBe(
      "1,200 earlier messages from this person · 5 later",
    );
  });

  it("says 'More than' past the count cap", () => {
    expect(senderMessagesHeading(linked(900, 101, true))).toBe(
      "More than 1,000 other messages from this person",
    );
  });
});
