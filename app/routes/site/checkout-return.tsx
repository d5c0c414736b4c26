import { href } from "react-router";
import { FindApplicationForm } from "~/features/applications/applicant/find-application-form";
import { applicationMessages } from "~/features/applications/application-messages";
import {
  returnFromCheckout,
  returnNotices,
} from "~/features/payments/applicant/applicant-payments.server";
import { pageToReturnTo } from "~/features/payments/applicant/checkout-return.server";
import { paymentMessages } from "~/features/payments/payment-messages";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { FormError } from "~/ui/form/fields";
import { FormNotice } from "~/ui/form/form-notice";
import type { Route } from "./+types/checkout-return";

/*
 * Where the checkout sends the applicant back (`?reference=`, no private link: decision 0054).
 * The payment is verified with Paystack before anything is said; the browser that left 'My
 * application' goes back to it with what became of the payment, anyone else reads only that.
 */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your payment");

export async function loader({ request }: Route.LoaderArgs) {
  const reference = (new URL(request.url).searchParams.get("reference") ?? "").slice(0, 100);
  const notice = returnNotices[await returnFromCheckout(reference)];
  const back = await pageToReturnTo(request.headers.get("cookie"), reference);
  if (back.token !== null)
    return redirectWithFlash(
      href("/application/:token", { token: back.token }),
      notice.message,
      notice.kind,
    );
  return { notice, linkReplaced: back.linkReplaced };
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { notice, linkReplaced } = loaderData;
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-900">Your payment</h1>
      {notice.kind === "success" ? (
        <FormNotice notice={notice.message} />
      ) : (
        <FormError errors={[notice.message]} />
      )}
      <p className="text-slate-700">
        {linkReplaced ? applicationMessages.linkReplaced : paymentMessages.openYourPage}
      </p>
      <FindApplicationForm />
    </div>
  );
}
