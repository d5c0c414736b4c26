import { data, href, redirect } from "react-router";
import { SponsorPageView } from "~/features/sponsors/sponsor/sponsor-page";
import { loadSponsorPage, payInvoiceOnline } from "~/features/sponsors/sponsor/sponsor-page.server";
import { UserFacingError } from "~/lib/errors";
import { readForm } from "~/lib/forms/request-form.server";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { FlashMessage } from "~/ui/form/form-notice";
import type { Route } from "./+types/sponsor-page";

/** A sponsor's private page, opened from the link in their invoice e-mail; never indexed. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Sponsored seats");

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

export async function loader({ params }: Route.LoaderArgs) {
  const page = await readOrUnavailable("Loading a sponsor's page", () =>
    loadSponsorPage(params.sponsorshipId, params.token),
  );
  if (!page) throw notFound();
  return page;
}

/** Pays the invoice online: off to the checkout, or the page again saying why not. */
export async function action({ params, request }: Route.ActionArgs) {
  if ((await readForm(request)).get("intent") !== "pay") throw data("Unknown action", 400);
  try {
    const checkoutUrl = await payInvoiceOnline(params.sponsorshipId, params.token);
    if (!checkoutUrl) throw notFound();
    return redirect(checkoutUrl);
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return redirectWithFlash(
      href("/sponsor/:sponsorshipId/:token", params),
      error.message,
      "error",
    );
  }
}

export default function SponsorPage({ loaderData, params, matches }: Route.ComponentProps) {
  return (
    <SponsorPageView
      page={loaderData}
      sponsorshipId={params.sponsorshipId}
      token={params.token}
      flash={<FlashMessage flash={matches[0].loaderData.flash} />}
    />
  );
}
