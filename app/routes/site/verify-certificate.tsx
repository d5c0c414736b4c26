import { data, href } from "react-router";
import {
  certificateStructuredData,
  verifyWording,
} from "~/features/certificates/certificate-verification";
import { lookUpCertificate } from "~/features/certificates/verify.server";
import { VerifiedCertificateView, VerifyForm } from "~/features/certificates/verify-page";
import { privatePageMeta } from "~/lib/http/private-page";
import { publicUrlFrom } from "~/lib/site/seo";
import type { Route } from "./+types/verify-certificate";

/** One certificate's public page, rate limited per client address; 404 for an unknown number. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { status, headers, ...found } = await lookUpCertificate(request, params.serial);
  return data(found, { status, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (loaderData?.outcome !== "found") return privatePageMeta("Certificate not found");
  const { certificate } = loaderData;
  const url = `${publicUrlFrom(matches)}${href("/verify/:serial", { serial: certificate.serial })}`;
  return [
    ...privatePageMeta(`Certificate ${certificate.serial}`),
    { "script:ld+json": certificateStructuredData(certificate, url) },
  ];
};

export default function VerifyCertificate({ loaderData, matches }: Route.ComponentProps) {
  const origin = publicUrlFrom(matches);
  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
      {loaderData.outcome === "found" ? (
        <VerifiedCertificateView
          certificate={loaderData.certificate}
          verifyUrl={`${origin}${href("/verify/:serial", { serial: loaderData.certificate.serial })}`}
        />
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-slate-900">
            {loaderData.outcome === "limited" ? "Please wait" : verifyWording.notFound}
          </h1>
          <p role="alert" className="mt-3 mb-8 text-slate-700">
            {loaderData.outcome === "limited" ? verifyWording.limited : verifyWording.notFoundHelp}
          </p>
          {loaderData.outcome === "not-found" ? <VerifyForm typed={loaderData.typed} /> : null}
        </>
      )}
    </div>
  );
}
