import { data, Form, redirect } from "react-router";
import {
  demoCheckout,
  demoCheckoutEnabled,
  finishDemoCheckout,
} from "~/features/payments/gateway/demo-checkout.server";
import { formatNaira } from "~/lib/format/money";
import { readForm } from "~/lib/forms/request-form.server";
import { Button } from "~/ui/button";
import type { Route } from "./+types/demo-checkout";

/*
 * The demo's stand-in for Paystack's checkout (demo mode without PAYSTACK_SECRET_KEY only):
 * clearly a test, no card asked, and the applicant chooses what the "bank" says.
 */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export const meta: Route.MetaFunction = () => [
  { title: "Test checkout (no real money)" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

export async function loader({ params }: Route.LoaderArgs) {
  if (!demoCheckoutEnabled()) throw notFound();
  const checkout = demoCheckout(params.reference);
  if (!checkout) throw notFound();
  return { amount: checkout.amount, reference: params.reference };
}

const outcomes = ["pay", "fail", "cancel"] as const;

export async function action({ params, request }: Route.ActionArgs) {
  if (!demoCheckoutEnabled()) throw notFound();
  const chosen = (await readForm(request)).get("outcome");
  const outcome = outcomes.find((choice) => choice === chosen);
  if (!outcome) throw data("Unknown choice", { status: 400 });
  const back = finishDemoCheckout(params.reference, outcome);
  if (!back) throw notFound();
  return redirect(back);
}

export default function DemoCheckout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-10">
      <p
        role="note"
        className="rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 font-semibold text-amber-950"
      >
        TEST CHECKOUT. This demo has no Paystack key: no card is asked and no money moves.
      </p>
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900">
          Pay {formatNaira(loaderData.amount)}
        </h1>
        <p className="mt-1 text-slate-700">Reference {loaderData.reference}</p>
      </div>
      <Form method="post" reloadDocument className="grid gap-3">
        <Button type="submit" name="outcome" value="pay">
          Pay {formatNaira(loaderData.amount)} (test)
        </Button>
        <Button type="submit" name="outcome" value="fail" variant="outline">
          Make the payment fail
        </Button>
        <Button type="submit" name="outcome" value="cancel" variant="ghost">
          Cancel and go back
        </Button>
      </Form>
    </div>
  );
}
