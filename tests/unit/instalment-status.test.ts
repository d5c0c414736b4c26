import { describe, expect, it } from "vitest";
import { type InstalmentFacts, instalmentStatus } from "~/features/payments/instalment-status";

const today = "2027-01-15";
const at = (minute: number) => new Date(Date.UTC(2027, 0, 10, 9, minute));
const payment = (status: string, minute = 0, refundedAmount = 0) => ({
  status,
  amount: 100_00,
  refundedAmount,
  createdAt: at(minute),
});
const status = (facts: Partial<InstalmentFacts>) =>
  instalmentStatus({ dueOn: today, paidAt: null, placeHeld: true, payments: [], ...facts }, today);

describe("instalmentStatus", () => {
  it("is due from today on and overdue before today (Lagos dates), while unpaid", () => {
    expect(status({})).toBe("due");
    expect(status({ dueOn: "2027-02-01" })).toBe("due");
    expect(status({ dueOn: "2027-01-14" })).toBe("overdue");
    expect(status({ dueOn: "2027-01-14", payments: [payment("failed")] })).toBe("overdue");
  });

  it("is failed when the latest attempt failed, was abandoned or rejected", () => {
    for (const failed of ["failed", "abandoned", "rejected"])
      expect(status({ payments: [payment(failed)] }), failed).toBe("failed");
    // A newer attempt under way: due again.
    expect(status({ payments: [payment("failed", 1), payment("started", 2)] })).toBe("due");
    expect(status({ payments: [payment("started", 2), payment("failed", 1)] })).toBe("due");
  });

  it("is paid, refunded or part refunded once paid", () => {
    const paidAt = at(5);
    expect(status({ paidAt, payments: [payment("paid")] })).toBe("paid");
    expect(status({ paidAt, dueOn: "2026-12-01", payments: [payment("paid")] })).toBe("paid");
    expect(status({ paidAt, payments: [payment("paid", 0, 100_00)] })).toBe("refunded");
    expect(status({ paidAt, payments: [payment("paid", 0, 40_00)] })).toBe("part-refunded");
  });

  it("puts what needs staff first: a flagged payment, then a proof to check", () => {
    expect(status({ payments: [payment("proof-sent"), payment("flagged")] })).toBe("flagged");
    expect(status({ paidAt: at(5), payments: [payment("paid"), payment("flagged")] })).toBe(
      "flagged",
    );
    // Flagged money given back in full needs nothing more.
    expect(
      status({ paidAt: at(5), payments: [payment("paid"), payment("flagged", 1, 100_00)] }),
    ).toBe("paid");
    expect(status({ dueOn: "2027-01-01", payments: [payment("proof-sent")] })).toBe("proof-sent");
  });

  it("is cancelled, never due nor overdue, once the place is given up unpaid", () => {
    expect(status({ dueOn: "2027-01-14", placeHeld: false })).toBe("cancelled");
    expect(status({ dueOn: "2027-02-01", placeHeld: false })).toBe("cancelled");
    // What was paid stays paid; a proof sent still needs staff.
    expect(status({ paidAt: at(5), placeHeld: false, payments: [payment("paid")] })).toBe("paid");
    expect(status({ placeHeld: false, payments: [payment("proof-sent")] })).toBe("proof-sent");
  });
});
