import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { certificateMessages, confirmNameSchema } from "~/features/certificates/certificate-schema";
import { confirmCertificateName } from "~/features/certificates/student-certificate.server";
import { UserFacingError } from "~/lib/errors";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import type { Route } from "./+types/certificate-name";

/** 'Confirm my name' on the student's page: a post that goes back to the page with its answer. */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = `${href("/application/:token", { token: params.token })}#certificate-heading`;
  const submission = parseWithZod(form, { schema: confirmNameSchema });
  if (submission.status !== "success") {
    const [message] = Object.values(submission.error ?? {}).flat();
    return redirectWithFlash(back, message ?? certificateMessages.nameRequired, "error");
  }
  try {
    await confirmCertificateName(params.token, submission.value.certificateName);
  } catch (error) {
    if (error instanceof UserFacingError) return redirectWithFlash(back, error.message, "error");
    throw error;
  }
  return redirectWithFlash(back, certificateMessages.nameConfirmed);
}

/** Nothing to read here: the page is 'My application'. */
export function loader() {
  throw data(null, { status: 404 });
}
