import { href, redirect } from "react-router";
import { requireApplicationToken } from "~/features/applications/application-token.server";
import { leavingForCheckout } from "~/features/payments/applicant/checkout-return.server";
import type { Route } from "./+types/payment-return";

/**
 * The way back from checkouts started before the return carried no private link: on to
 * `/checkout-return` with the reference alone, the link kept as a checkout started today keeps
 * it, so a replaced link is told so there and a live one goes back to its page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("reference") ?? "";
  const to = `${href("/checkout-return")}?${new URLSearchParams({ reference: reference.slice(0, 100) })}`;
  requireApplicationToken(params.token);
  return redirect(to, { headers: { "Set-Cookie": await leavingForCheckout(params.token) } });
}
