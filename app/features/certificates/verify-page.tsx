import BadgeCheck from "lucide-react/icons/badge-check";
import CircleAlert from "lucide-react/icons/circle-alert";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FactList } from "~/ui/fact-list";
import { linkedInHref, printedFields, stateText } from "./certificate-verification";
import type { VerifiedCertificate } from "./verify.server";

/*
 * The public verify pages: a form to type a certificate's number, and one certificate with every
 * field it prints. Plain HTML: a GET form and links, so they work without JavaScript.
 */

const inputClasses =
  "w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 uppercase placeholder:normal-case focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700";

/** The number as typed, sent by GET to /verify, which opens its page. */
export function VerifyForm({ typed = "", error }: { typed?: string; error?: string }) {
  return (
    <Form method="get" action="/verify" className="space-y-3" noValidate>
      <label htmlFor="serial" className="block font-semibold text-slate-900">
        Certificate number
      </label>
      <input
        id="serial"
        name="serial"
        defaultValue={typed}
        required
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder="LTA-C-7K3M9QXF2D"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "serial-error" : "serial-hint"}
        className={inputClasses}
      />
      {error ? (
        <p id="serial-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id="serial-hint" className="text-sm text-slate-600">
          Printed under the QR code, beginning LTA-C-.
        </p>
      )}
      <button type="submit" className={buttonClasses("primary", "md")}>
        Check certificate
      </button>
    </Form>
  );
}

/** One certificate: its state first, in words and an icon (never colour alone), then its fields. */
export function VerifiedCertificateView({
  certificate,
  verifyUrl,
}: {
  certificate: VerifiedCertificate;
  verifyUrl: string;
}) {
  const valid = certificate.state === "valid";
  const Icon = valid ? BadgeCheck : CircleAlert;
  return (
    <article aria-labelledby="certificate-state" className="space-y-6">
      <div
        className={cn(
          "flex items-start gap-3 rounded-xl border p-4",
          valid
            ? "border-emerald-300 bg-emerald-50 text-emerald-950"
            : "border-red-300 bg-red-50 text-red-950",
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
        <div>
          <h1 id="certificate-state" className="text-2xl font-extrabold">
            {stateText(certificate)}
          </h1>
          <p className="mt-1">
            {valid && certificate.holderName === null
              ? "The academy issued this certificate; at its holder's request their data was erased, so the name is no longer shown."
              : valid
                ? "This certificate was issued by the academy and is in force. Compare every field below with the certificate you were shown."
                : certificate.state === "revoked"
                  ? "The academy revoked this certificate: it no longer certifies the course below."
                  : "The academy replaced this certificate with a corrected one: check the new number."}
          </p>
          {certificate.state === "replaced" && certificate.replacedBy ? (
            <Link
              to={`/verify/${certificate.replacedBy}`}
              className="mt-2 inline-block font-semibold underline"
            >
              Check {certificate.replacedBy}
            </Link>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="printed-heading">
        <h2 id="printed-heading" className="text-lg font-bold text-slate-900">
          What the certificate prints
        </h2>
        <FactList
          facts={printedFields(certificate)}
          className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]"
          termClassName="text-sm font-semibold text-slate-600"
          valueClassName="mb-3 break-words text-slate-900 sm:mb-1"
        />
      </section>
      {valid && certificate.holderName ? (
        <a
          href={linkedInHref(certificate, verifyUrl)}
          rel="noopener noreferrer"
          className={buttonClasses("secondary", "md")}
        >
          Add to LinkedIn
        </a>
      ) : null}
    </article>
  );
}
