import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { discountRule } from "~/features/discounts/discount-messages";
import { CODE_MAX } from "~/features/discounts/discount-schema";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { type ActionReply, errorsOf, keptValueOf } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { LabelledSection } from "~/ui/labelled-section";
import type { InstalmentStatus } from "../instalment-status";
import { paymentMessages } from "../payment-messages";
import { transferMessages } from "../transfer-accounts/transfer-messages";
import type { MyPayments } from "./applicant-payments.server";
import { ProofFileField } from "./proof-file-field";

/** instalmentStatus in the applicant's words: what waits for staff says it waits for a check. */
const stateLabels: Record<InstalmentStatus, string> = {
  flagged: "Being checked",
  "proof-sent": "Proof being checked",
  refunded: "Refunded",
  "part-refunded": "Part refunded",
  paid: "Paid",
  cancelled: "Cancelled",
  overdue: "Overdue",
  failed: "Payment failed",
  due: "Due",
};

// The word is always shown: the colour only repeats it.
const stateStyles: Record<InstalmentStatus, string> = {
  flagged: "bg-violet-100 text-violet-900",
  "proof-sent": "bg-violet-100 text-violet-900",
  refunded: "bg-slate-200 text-slate-900",
  "part-refunded": "bg-slate-200 text-slate-900",
  paid: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-100 text-slate-800",
  overdue: "bg-red-100 text-red-900",
  failed: "bg-red-100 text-red-900",
  due: "bg-amber-100 text-amber-900",
};

function Schedule({
  parts,
}: {
  parts: { number: number; amount: number; dueOn: string; state?: InstalmentStatus }[];
}) {
  return (
    <ol className="grid gap-1 text-sm">
      {parts.map((part) => (
        <li key={part.number} className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-semibold text-slate-900">{formatNaira(part.amount)}</span>
          <span className="text-slate-700">
            {part.number === 1 && !part.state
              ? "on acceptance"
              : `due ${formatFullDate(part.dueOn)}`}
          </span>
          {part.state ? (
            <span
              className={cn("rounded px-2 py-0.5 text-xs font-semibold", stateStyles[part.state])}
            >
              {stateLabels[part.state]}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

type PayStage = Extract<MyPayments, { stage: "pay" }>;

/** An account to transfer to, the amount to send, and any rows the way of paying adds. */
function AccountDetails({
  account,
  amountLabel,
  amount,
  children,
}: {
  account: { bankName: string; accountName: string; accountNumber: string };
  amountLabel: string;
  amount: number;
  children?: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-700">Bank</dt>
      <dd className="font-semibold text-slate-900">{account.bankName}</dd>
      <dt className="text-slate-700">Account name</dt>
      <dd className="font-semibold text-slate-900">{account.accountName}</dd>
      <dt className="text-slate-700">Account number</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{account.accountNumber}</dd>
      <dt className="text-slate-700">{amountLabel}</dt>
      <dd className="font-semibold text-slate-900">{formatNaira(amount)}</dd>
      {children}
    </dl>
  );
}

/**
 * Paying by bank transfer: the account, the exact amount and the reference to write, then the
 * proof (a photo or PDF of the transfer), posted as a plain multipart form.
 */
function BankTransfer({
  account,
  amount,
  token,
}: {
  account: NonNullable<PayStage["bankTransfer"]>;
  amount: number;
  token: string;
}) {
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <h3 className="font-bold text-slate-900">Or pay by bank transfer</h3>
      <AccountDetails account={account} amountLabel="Amount" amount={amount}>
        <dt className="text-slate-700">Description</dt>
        <dd className="font-semibold text-slate-900">{account.reference}</dd>
      </AccountDetails>
      <p className="text-sm text-slate-700">
        Transfer exactly this amount and write the description as shown, so that we can match your
        payment. Then send us the receipt your bank gives you.
      </p>
      {account.proof?.state === "waiting" ? (
        <p role="status" className="font-semibold text-slate-900">
          {paymentMessages.proofWaiting}
        </p>
      ) : (
        <Form
          method="post"
          action={href("/application/:token/proof", { token })}
          encType="multipart/form-data"
          reloadDocument
          className="grid gap-3"
        >
          {account.proof?.state === "rejected" ? (
            <p className="rounded bg-red-50 p-3 text-sm text-red-900">
              <strong>Your last proof was not accepted:</strong> {account.proof.reason} You can send
              another.
            </p>
          ) : null}
          <ProofFileField name="proofFile" />
          <div>
            <Button type="submit" variant="secondary">
              Send proof of transfer
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

/**
 * Paying by transfer into the applicant's own account number: the account and the amount; the
 * transfer records itself against the next instalment, with a receipt, without a proof.
 */
function OwnAccount({
  account,
  next,
}: {
  account: NonNullable<PayStage["ownAccount"]>;
  next: NonNullable<PayStage["next"]>;
}) {
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <h3 className="font-bold text-slate-900">
        Or pay by bank transfer to your own account number
      </h3>
      {account.state === "ready" ? (
        <>
          <AccountDetails account={account} amountLabel="Amount due" amount={next.amount} />
          <p className="text-sm text-slate-700">
            This account number is yours alone. Transfer {formatNaira(next.amount)} from any bank
            app to pay instalment {next.number}: it is recorded here with your receipt as soon as it
            arrives, usually within a minute. No proof or description is needed. A different amount
            is applied by our staff within 24 hours.
          </p>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-800">
          {transferMessages.settingUp}
        </p>
      )}
    </div>
  );
}

/** Transfers received that staff settle: the applicant sees they arrived and are not lost. */
function TransfersWaiting({ transfers }: { transfers: PayStage["transfersWaiting"] }) {
  return (
    <div>
      <h3 className="font-bold text-slate-900">Transfers being applied</h3>
      <ul className="mt-2 grid gap-1 text-sm text-slate-800">
        {transfers.map((transfer) => (
          <li key={transfer.id}>
            <span className="font-semibold text-slate-900">{formatNaira(transfer.amount)}</span>{" "}
            received {formatDateTime(transfer.receivedAt)}.
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-slate-700">{transferMessages.waiting}</p>
    </div>
  );
}

/** A place no longer paid for: what was paid, the refund due, the cancelled instalments. */
function ClosedPayments({
  payments,
  token,
}: {
  payments: Extract<MyPayments, { stage: "closed" }>;
  token: string;
}) {
  return (
    <div className="mt-3 grid gap-4">
      <p className="font-semibold text-slate-900">
        {payments.refundDue > 0
          ? `Refund due to you: ${formatNaira(payments.refundDue)}. Nothing more is due.`
          : "Nothing is due."}
      </p>
      <Schedule parts={payments.instalments} />
      {payments.receipts.length ? <Receipts receipts={payments.receipts} token={token} /> : null}
    </div>
  );
}

/** Money given back: each refund with its amount and date, or on its way while the gateway works. */
function Refunds({ refunds }: { refunds: PayStage["refunds"] }) {
  return (
    <div>
      <h3 className="font-bold text-slate-900">Refunds</h3>
      <ul className="mt-2 grid gap-1 text-sm text-slate-800">
        {refunds.map((refund) => (
          <li key={refund.id}>
            <span className="font-semibold text-slate-900">{formatNaira(refund.amount)}</span>{" "}
            {refund.done ? "refunded on" : "refund on its way, since"} {formatFullDate(refund.on)}
            {refund.instalmentNumber ? ` (instalment ${refund.instalmentNumber})` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Receipts({ receipts, token }: { receipts: PayStage["receipts"]; token: string }) {
  return (
    <div>
      <h3 className="font-bold text-slate-900">Receipts</h3>
      <ul className="mt-2 grid gap-1 text-sm">
        {receipts.map((receipt) => (
          <li key={receipt.number}>
            <a
              href={href("/application/:token/receipts/:number", {
                token,
                number: String(receipt.number),
              })}
              download
              className="font-semibold text-brand-800 underline"
            >
              {receipt.label} (PDF)
            </a>{" "}
            <span className="text-slate-700">
              {formatNaira(receipt.amount)} paid {formatDateTime(receipt.paidAt)}
              {receipt.refunded ? `, ${formatNaira(receipt.refunded)} refunded` : ""}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The discount code: the one applied, with Remove while it may be changed, or the field to
 * enter one before the first payment; the rule of how reductions combine, stated once.
 */
function DiscountCode({
  discount,
  action,
  reply,
}: {
  discount: PayStage["discount"];
  action: string;
  reply: ActionReply | undefined;
}) {
  if (!discount.code && !discount.changeable) return null;
  const error = errorsOf(reply).code?.[0];
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm">
      <h3 className="font-bold text-slate-900">Discount code</h3>
      {discount.code ? (
        <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
          <p className="text-slate-800">
            <span className="font-mono font-semibold">{discount.code}</span>{" "}
            {discount.refusal
              ? `cannot be used any more: ${discount.refusal} The prices below are without it.`
              : `applied${discount.off ? `: ${formatNaira(-discount.off)} off` : ""}.`}
          </p>
          {discount.changeable ? (
            <>
              <input type="hidden" name="intent" value="remove-code" />
              <Button type="submit" variant="secondary" size="sm">
                Remove code
              </Button>
            </>
          ) : null}
        </Form>
      ) : (
        <Form method="post" action={action} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="enter-code" />
          <div>
            <label htmlFor="discount-code" className="block font-semibold text-slate-900">
              Have a code?
            </label>
            <input
              id="discount-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={CODE_MAX}
              defaultValue={keptValueOf(reply, "code") ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "discount-code-error" : undefined}
              className="mt-1 block w-48 rounded-md border border-slate-400 px-3 py-2 font-mono uppercase"
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply code
          </Button>
          <p
            id="discount-code-error"
            role={error ? "alert" : undefined}
            className="w-full text-red-700"
          >
            {error ?? ""}
          </p>
        </Form>
      )}
      <p className="text-slate-700">{discountRule}</p>
    </div>
  );
}

/** The plans to choose from, each with its schedule: the first choice, or a change before paying. */
function PlanChoice({
  plans,
  action,
  submit,
}: {
  plans: Extract<MyPayments, { stage: "choose" }>["plans"];
  action: string;
  submit: string;
}) {
  return (
    <Form method="post" action={action} className="mt-3 grid gap-4">
      <input type="hidden" name="intent" value="choose-plan" />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-slate-800">How would you like to pay?</legend>
        {plans.map((plan, index) => (
          <label
            key={plan.kind}
            className="flex gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-700"
          >
            <input
              type="radio"
              name="plan"
              value={plan.kind}
              defaultChecked={index === 0}
              className="mt-1"
            />
            <span className="grid gap-1">
              <span className="font-semibold text-slate-900">
                {plan.label}:{" "}
                {formatNaira(plan.schedule.reduce((sum, part) => sum + part.amount, 0))}
              </span>
              <Schedule parts={plan.schedule} />
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </Form>
  );
}

/**
 * 'My application''s payments: the plans to choose from, then the schedule, 'Pay now', bank
 * transfer and the receipts.
 */
export function MyPaymentsSection({
  payments,
  token,
  reply,
}: {
  payments: MyPayments;
  token: string;
  reply: ActionReply | undefined;
}) {
  const action = href("/application/:token", { token });
  return (
    <LabelledSection
      id="payment-heading"
      title="Payment"
      className="rounded-xl border border-slate-200 bg-white p-5"
      headingClassName="text-lg font-bold text-slate-900"
    >
      {payments.stage === "choose" ? (
        <div className="mt-3 grid gap-4">
          <DiscountCode discount={payments.discount} action={action} reply={reply} />
          <PlanChoice plans={payments.plans} action={action} submit="Choose this plan" />
        </div>
      ) : payments.stage === "closed" ? (
        <ClosedPayments payments={payments} token={token} />
      ) : (
        <div className="mt-3 grid gap-4">
          {payments.sponsor ? (
            <p className="text-slate-800">Your seat is paid for by {payments.sponsor}.</p>
          ) : (
            <p className="text-slate-800">
              {payments.plan}: {formatNaira(payments.paid)} paid
              {payments.refunded ? `, ${formatNaira(payments.refunded)} refunded` : ""},{" "}
              {formatNaira(payments.remaining)} to pay.
            </p>
          )}
          <Schedule parts={payments.instalments} />
          <DiscountCode discount={payments.discount} action={action} reply={reply} />
          {payments.next ? (
            payments.proofWaits ? (
              payments.canPayOnline ? (
                <p className="text-slate-800">{paymentMessages.payNowWithheld}</p>
              ) : null
            ) : payments.canPayOnline ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="pay" />
                <Button type="submit">
                  Pay {formatNaira(payments.next.amount)} now with Paystack
                </Button>
                <p className="mt-2 text-sm text-slate-700">
                  You pay on Paystack's secure page (card, bank transfer or USSD); your card details
                  never reach us.
                </p>
              </Form>
            ) : payments.bankTransfer || payments.ownAccount ? null : (
              <p className="text-slate-800">{paymentMessages.noOnlinePayment}</p>
            )
          ) : (
            <p className="font-semibold text-slate-900">
              {payments.refunded ? paymentMessages.nothingLeft : paymentMessages.nothingDue}
            </p>
          )}
          {payments.next && payments.ownAccount ? (
            <OwnAccount account={payments.ownAccount} next={payments.next} />
          ) : null}
          {payments.transfersWaiting.length ? (
            <TransfersWaiting transfers={payments.transfersWaiting} />
          ) : null}
          {payments.next && payments.bankTransfer ? (
            <BankTransfer
              account={payments.bankTransfer}
              amount={payments.next.amount}
              token={token}
            />
          ) : null}
          {payments.otherPlans.length ? (
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer font-semibold text-slate-900">
                Change how you pay
              </summary>
              <p className="mt-2 text-sm text-slate-700">
                You can change your plan until your first payment.
              </p>
              <PlanChoice
                plans={payments.otherPlans}
                action={action}
                submit="Change to this plan"
              />
            </details>
          ) : null}
          {payments.refunds.length ? <Refunds refunds={payments.refunds} /> : null}
          {payments.receipts.length ? (
            <Receipts receipts={payments.receipts} token={token} />
          ) : null}
        </div>
      )}
    </LabelledSection>
  );
}
