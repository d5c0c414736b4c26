import { data, href } from "react-router";
import { certificateMessages } from "~/features/certificates/certificate-schema";
import { serialFromQuery } from "~/features/certificates/verify.server";
import { VerifyForm } from "~/features/certificates/verify-page";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Verify a certificate",
    description: "Check a Lagos Tech Academy certificate by its number.",
    url: `${publicUrlFrom(matches)}${href("/verify")}`,
  });

/** The form; its GET (`?serial=`) opens the certificate's page, or says the number is not one. */
export function loader({ request }: Route.LoaderArgs) {
  const answer = serialFromQuery(request);
  if (answer instanceof Response) return answer;
  return data(
    { typed: answer?.typed ?? "", invalid: Boolean(answer) },
    { status: answer ? 400 : 200 },
  );
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-900">Verify a certificate</h1>
      <p className="mt-3 mb-8 text-slate-700">
        Type the number printed on a Lagos Tech Academy certificate, or scan its QR code, to see
        every field the academy issued it with.
      </p>
      <VerifyForm
        typed={loaderData.typed}
        error={loaderData.invalid ? certificateMessages.serialInvalid : undefined}
      />
    </div>
  );
}
