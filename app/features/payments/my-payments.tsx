import { Form } from "react-router";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import type { InstalmentState, MyPayments } from "./applicant-payments.server";
import { paymentMessages } from "./payment-messages";

const stateLabels: Record<InstalmentState, string> = {
  paid: "Paid",
  due: "Due",
  overdue: "Overdue",
  upcoming: "Upcoming",
};

// The word is always shown: the colour only repeats it.
const stateStyles: Record<InstalmentState, string> = {
  paid: "bg-emerald-100 text-emerald-900",
  due: "bg-amber-100 text-amber-900",
  overdue: "bg-red-100 text-red-900",
  upcoming: "bg-slate-100 text-slate-800",
};

function Schedule({
  parts,
}: {
  parts: { number: number; amount: number; dueOn: string; state?: InstalmentState }[];
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

/** 'My application''s payments: the plans to choose from, then the schedule and 'Pay now'. */
export function MyPaymentsSection({ payments, action }: { payments: MyPayments; action: string }) {
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="payment-heading" className="text-lg font-bold text-slate-900">
        Payment
      </h2>
      {payments.stage === "choose" ? (
        <Form method="post" action={action} className="mt-3 grid gap-4">
          <input type="hidden" name="intent" value="choose-plan" />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-slate-800">How would you like to pay?</legend>
            {payments.plans.map((plan, index) => (
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
            <Button type="submit">Choose this plan</Button>
          </div>
        </Form>
      ) : (
        <div className="mt-3 grid gap-4">
          <p className="text-slate-800">
            {payments.plan}: {formatNaira(payments.paid)} paid, {formatNaira(payments.remaining)} to
            pay.
          </p>
          <Schedule parts={payments.instalments} />
          {payments.next ? (
            payments.canPayOnline ? (
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
            ) : (
              <p className="text-slate-800">{paymentMessages.noOnlinePayment}</p>
            )
          ) : (
            <p className="font-semibold text-slate-900">{paymentMessages.nothingDue}</p>
          )}
        </div>
      )}
    </section>
  );
}
