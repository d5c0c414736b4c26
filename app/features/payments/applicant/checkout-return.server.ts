import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { payments } from "~/db/schema";
import {
  isApplicationToken,
  isReplacedLink,
} from "~/features/applications/application-token.server";
import { appSecret } from "~/lib/infra/app-secret.server";
import { servesHttps } from "~/lib/infra/env.server";
import { applicantPaymentId } from "../linked-payment.server";

/*
 * The way back from the checkout carries no private link (decision 0054): Paystack is given
 * `/checkout-return`, and only the payment's reference comes back. The browser that left 'My
 * application' for the checkout keeps its link in this cookie, sent to the return alone, so
 * that browser goes back to its page; anyone else who has the return's URL (Paystack's logs, a
 * shared screenshot, the receipt's reference) only learns what became of the payment.
 */
const checkoutCookie = () =>
  createCookie("academy-checkout", {
    httpOnly: true,
    sameSite: "lax",
    secure: servesHttps(),
    path: "/checkout-return",
    maxAge: 60 * 60,
    secrets: [appSecret()],
  });

/** The Set-Cookie of a browser leaving the page of `token` for the checkout. */
export const leavingForCheckout = (token: string) => checkoutCookie().serialize(token);

/**
 * Where the returning browser may go: the private link it left from, when that link opens the
 * application the payment is for; else whether the link it left from was replaced since.
 */
export async function pageToReturnTo(
  cookieHeader: string | null,
  reference: string,
): Promise<{ token: string } | { token: null; linkReplaced: boolean }> {
  const token: unknown = await checkoutCookie().parse(cookieHeader);
  if (typeof token !== "string" || !isApplicationToken(token))
    return { token: null, linkReplaced: false };
  if (await applicantPaymentId(token, eq(payments.reference, reference))) return { token };
  return { token: null, linkReplaced: await isReplacedLink(token) };
}
