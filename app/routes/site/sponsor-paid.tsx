import { checkInvoicePayment } from "~/features/sponsored-seats/invoice-payments.server";
import { sponsorMessages } from "~/features/sponsored-seats/sponsor-messages";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { FormError } from "~/ui/form/fields";
import { FormNotice } from "~/ui/form/form-notice";
import type { Route } from "./+types/sponsor-paid";

/*
 * Where the checkout sends a sponsor back (`?reference=`, no private link, as decision 0054 has
 * it for applicants): the payment is verified with Paystack before anything is said, and only
 * what became of it is said.
 */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your payment");

export async function loader({ request }: Route.LoaderArgs) {
  const reference = (new URL(request.url).searchParams.get("reference") ?? "").slice(0, 100);
  return { outcome: await checkInvoicePayment(reference) };
}

export default function SponsorPaid({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-900">Your payment</h1>
      {loaderData.outcome === "paid" ? (
        <FormNotice notice={sponsorMessages.paymentConfirmed} />
      ) : (
        <FormError
          errors={[
            loaderData.outcome === "flagged"
              ? sponsorMessages.paymentFlagged
              : sponsorMessages.paymentNotConfirmed,
          ]}
        />
      )}
      <p className="text-slate-700">
        Your private page, the link in our e-mail with the invoice, shows the invoice and every
        seat.
      </p>
    </div>
  );
}
