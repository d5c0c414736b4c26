import { describe, expect, it } from "vitest";
import { deliveryState } from "~/features/messages/inbox/delivery-state";
import type { TimelineEntry } from "~/features/messages/inbox/timeline.server";

const at = (minute: number) => new Date(Date.parse("2026-03-10T09:00:00Z") + minute * 60_000);

function entry(
  kind: TimelineEntry["kind"],
  minute: number,
  status?: "queued" | "sent" | "failed",
): TimelineEntry {
  return {
    id: `${kind}-${minute}`,
    kind,
    at: at(minute),
    actor: "Ade",
    from: null,
    to: null,
    email: status
      ? {
          status,
          recipients: ["v@x.ng"],
          body: null,
          lastError: status === "failed" ? "550" : null,
          bounced: false,
        }
      : null,
    received: null,
    whatsapp: null,
  };
}

const stateOf = (...entries: TimelineEntry[]) => deliveryState({ entries, hidden: 0 });

describe("deliveryState", () => {
  it("counts replies still sending, and lists failed e-mails to the visitor", () => {
    expect(
      stateOf(
        entry("acknowledgement-sent", 0, "failed"),
        entry("reminder-sent", 1, "failed"),
        entry("reply-sent", 2, "failed"),
        entry("reply-sent", 3, "queued"),
      ),
    ).toEqual({
      sending: 1,
      failed: [
        { kind: "acknowledgement", at: at(0), error: "550" },
        { kind: "reply", at: at(2), error: "550" },
      ],
    });
  });

  it("forgets failures made up for by a later delivered or recorded reply", () => {
    expect(stateOf(entry("reply-sent", 0, "failed"), entry("reply-sent", 1, "sent"))).toEqual({
      sending: 0,
      failed: [],
    });
    expect(
      stateOf(entry("acknowledgement-sent", 0, "failed"), entry("replied-whatsapp", 1)),
    ).toEqual({ sending: 0, failed: [] });
    expect(stateOf(entry("replied-email", 0), entry("reply-sent", 1, "failed")).failed).toEqual([
      { kind: "reply", at: at(1), error: "550" },
    ]);
  });
});
