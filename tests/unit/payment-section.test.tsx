import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PaymentConfirmModal, PaymentSection } from "~/features/payments/staff/payment-section";
import type { ApplicationPayments } from "~/features/payments/staff/staff-payments.server";
import type { StaffPaymentConfirm } from "~/features/payments/staff/staff-payments-schema";

const ids = {
  application: "0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  first: "1b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  second: "2b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  proof: "3b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  card: "4b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  waiting: "6b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  settled: "7b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
};

const transfer = {
  reference: "T4f9a0c1d2e3b4a5c6d",
  amount: 15_000_000,
  applied: 0,
  refunded: 0,
  left: 15_000_000,
  sender: "ADEBAYO OLUWASEUN, Access Bank",
  receivedAt: new Date("2027-02-12T10:00:00Z"),
  reason: "More than is due: ₦150,000, with ₦100,000 due on the next instalment",
  staffNote: null,
  settled: false,
};

const payments: ApplicationPayments = {
  applicationId: "5b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  price: null,
  scholarshipOpen: false,
  instalments: [
    {
      id: ids.first,
      number: 1,
      amount: 10_000_000,
      dueOn: "2027-01-10",
      paidAt: new Date("2027-01-09T10:00:00Z"),
      left: 0,
      state: "part-refunded",
      paidBy: { method: "paystack", reference: "LTA-P-7K2M9QX4TB" },
    },
    {
      id: ids.second,
      number: 2,
      amount: 10_000_000,
      dueOn: "2027-02-10",
      paidAt: null,
      left: 10_000_000,
      state: "proof-sent",
      paidBy: null,
    },
  ],
  transfers: [
    { ...transfer, id: ids.waiting },
    {
      ...transfer,
      id: ids.settled,
      applied: 10_000_000,
      refunded: 5_000_000,
      left: 0,
      staffNote: "Sent back the extra",
      settled: true,
    },
  ],
  payments: [
    {
      id: ids.proof,
      reference: "LTA-P-AAAAAAAAAA",
      instalmentNumber: 2,
      method: "bank-transfer",
      status: "proof-sent",
      amount: 10_000_000,
      refundedAmount: 0,
      receipt: null,
      paidAt: null,
      createdAt: new Date("2027-02-11T10:00:00Z"),
      hasProof: true,
      proofName: "transfer.png",
      staffNote: null,
      flagReason: null,
      refunds: [],
    },
    {
      id: ids.card,
      reference: "LTA-P-7K2M9QX4TB",
      instalmentNumber: 1,
      method: "paystack",
      status: "paid",
      amount: 10_000_000,
      refundedAmount: 2_500_000,
      receipt: "LTA-R-000042",
      paidAt: new Date("2027-01-09T10:00:00Z"),
      createdAt: new Date("2027-01-09T09:55:00Z"),
      hasProof: false,
      proofName: null,
      staffNote: null,
      flagReason: null,
      refunds: [
        {
          id: "5b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
          amount: 2_500_000,
          reason: "Missed the first week",
          status: "pending",
          method: "paystack",
          createdAt: new Date("2027-01-20T10:00:00Z"),
        },
      ],
    },
  ],
};

let shown: { confirm: StaffPaymentConfirm; target: string } | null = null;

function Shown() {
  return (
    <>
      <PaymentSection
        payments={payments}
        confirmHref={(confirm, target) => `/?confirm=${confirm}&target=${target}`}
      />
      {shown ? (
        <PaymentConfirmModal
          {...shown}
          applicationId={ids.application}
          fullName="Chiamaka Obi"
          payments={payments}
          reply={undefined}
          closeHref="/"
          onClose={() => {}}
        />
      ) : null}
    </>
  );
}

const Stub = createRoutesStub([{ path: "/", Component: Shown }]);
const render = (modal: typeof shown = null) => {
  shown = modal;
  return renderToStaticMarkup(<Stub />);
};

describe("the Payments section", () => {
  it("shows the schedule, each payment, its receipt, proof and refunds, and the actions", () => {
    const markup = render();
    expect(markup).toContain("Part refunded");
    expect(markup).toContain("Proof to check");
    expect(markup).toContain("LTA-R-000042");
    expect(markup).toContain(`/admin-portal/payments/${ids.proof}/proof`);
    expect(markup).toContain("Missed the first week");
    expect(markup).toContain(`confirm=confirm-proof&amp;target=${ids.proof}`);
    expect(markup).toContain(`confirm=refund&amp;target=${ids.card}`);
    expect(markup).toContain(`confirm=move-due-date&amp;target=${ids.second}`);
    // A paid instalment, refunded in part or not, has nothing to move or record.
    expect(markup).not.toContain(`target=${ids.first}`);
    // A transfer that waits can be applied or refunded; a settled one only shows what became of it.
    expect(markup).toContain("₦150,000 left to settle");
    expect(markup).toContain(`confirm=apply-transfer&amp;target=${ids.waiting}`);
    expect(markup).toContain(`confirm=refund-transfer&amp;target=${ids.waiting}`);
    expect(markup).toContain("Sent back the extra");
    expect(markup).not.toContain(`target=${ids.settled}`);
  });

  it("opens each confirmation with its fields; a refund offers what is left", () => {
    expect(render({ confirm: "refund", target: ids.card })).toMatch(/value="75000"/);
    expect(render({ confirm: "reject-proof", target: ids.proof })).toContain('name="reason"');
    expect(render({ confirm: "move-due-date", target: ids.second })).toContain('name="dueOn"');
    expect(render({ confirm: "record-payment", target: ids.second })).toContain('name="paidOn"');
    expect(render({ confirm: "confirm-proof", target: ids.second })).toContain(
      "not on this application",
    );
    expect(render({ confirm: "apply-transfer", target: ids.waiting })).toContain(
      "goes to the unpaid instalments, oldest first",
    );
    expect(render({ confirm: "refund-transfer", target: ids.waiting })).toMatch(/value="150000"/);
    expect(render({ confirm: "apply-transfer", target: ids.settled })).toContain("is settled");
  });
});
