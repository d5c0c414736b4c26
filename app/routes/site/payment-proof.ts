import { applicationHref } from "~/features/applications/application-token.server";
import {
  proofExpected,
  proofUploadForm,
  sendTransferProof,
} from "~/features/payments/applicant/bank-transfer.server";
import { paymentMessages } from "~/features/payments/payment-messages";
import { readUploadForm } from "~/features/uploads/upload-form.server";
import { UserFacingError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/router/flash.server";
import type { Route } from "./+types/payment-proof";

/**
 * 'My application''s bank transfer proof (a multipart post, with or without JavaScript). Every
 * answer goes back to 'My application' with what became of it.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const back = applicationHref(params.token);
  const refuse = (message: string) => redirectWithFlash(back, message, "error");
  try {
    // The token and the application's state first: the body is read only when a proof is wanted.
    await proofExpected(params.token);
    const upload = await readUploadForm(request, proofUploadForm);
    const problem = upload.problems.proof;
    if (problem) return refuse(problem);
    const file = upload.files.proof;
    if (!file) return refuse(paymentMessages.proofRequired);
    await sendTransferProof(params.token, file);
    return redirectWithFlash(back, paymentMessages.proofSent);
  } catch (error) {
    if (error instanceof UserFacingError) return refuse(error.message);
    throw error;
  }
}
