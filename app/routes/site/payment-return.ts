import { applicationHref } from "~/features/applications/application-token.server";
import { returnFromCheckout, returnNotices } from "~/features/payments/applicant-payments.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import type { Route } from "./+types/payment-return";

/**
 * Where Paystack's checkout sends the applicant back (`?reference=`): the payment is verified
 * with Paystack before anything is said, then 'My application' shows what became of it.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("reference") ?? "";
  const outcome = await returnFromCheckout(params.token, reference.slice(0, 100));
  const notice = returnNotices[outcome];
  return redirectWithFlash(applicationHref(params.token), notice.message, notice.kind);
}
