import { data } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import {
  certificateActionSchema,
  certificateMessages,
} from "~/features/certificates/certificate-schema";
import { intakeCertificates } from "~/features/certificates/intake-certificates.server";
import {
  issueCertificates,
  markProject,
  reissueCertificate,
  revokeCertificate,
} from "~/features/certificates/issuing.server";
import { CertificatesPage } from "~/features/certificates/staff/certificates-page";
import { certificatesHref, intakeListHref } from "~/features/intakes/list-url";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { RecordPageHeading } from "~/features/portal/record-page-heading";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/intake-certificates";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Certificates: ${loaderData ? `${loaderData.intake.courseTitle} · ${loaderData.intake.label}` : "Intake"} | Admin Portal`,
  },
];

/** An intake's certificates: who is eligible and why not; issue, revoke, reissue. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = await intakeCertificates(params.intakeId);
  if (!view) throw data(null, { status: 404 });
  return view;
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const { intakeId } = params;
  const submission = await readSubmission(request, certificateActionSchema);
  return dispatchIntent(
    submission,
    {
      issue: async (input) =>
        certificateMessages.issued(await issueCertificates(actor, intakeId, input.id || undefined)),
      revoke: async (input) => {
        await revokeCertificate(actor, intakeId, input.id, input.reason);
        return certificateMessages.revoked;
      },
      reissue: async (input) =>
        certificateMessages.reissued(
          await reissueCertificate(actor, intakeId, input.id, input.name),
        ),
      project: async (input) => {
        await markProject(actor, intakeId, input.id, input.result);
        return certificateMessages.projectMarked;
      },
    },
    { successHref: certificatesHref(intakeId), what: "Certificates" },
  );
}

export default function IntakeCertificates({
  loaderData,
  actionData,
  matches,
}: Route.ComponentProps) {
  const { intake } = loaderData;
  useActionReply(actionData);
  return (
    <>
      <RecordPageHeading
        back={{ to: intakeListHref(intake.courseId), label: `Intakes of ${intake.courseTitle}` }}
        title={`Certificates: ${intake.courseTitle}`}
        description={intake.label}
        flash={matches[0].loaderData.flash}
      />
      <CertificatesPage view={loaderData} reply={actionData} />
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
