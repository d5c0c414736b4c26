import { href } from "react-router";
import { db } from "~/db/client.server";
import { findActiveAdminByUserId } from "~/features/admins/admins.server";
import { queueEmail } from "~/features/outgoing-mail/queue-email.server";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { accountLinkEmailText } from "./account-link-email";

export const RESET_PASSWORD_PATH = href("/admin-portal/reset-password");

/**
 * Queues the e-mail with a reset link to an active admin (the job queue delivers it, with
 * retries). Accounts that are not active admins get nothing, and failures are only logged: the
 * person asking is told the same thing either way.
 */
export async function sendPasswordResetMail(
  user: { id: string; email: string; name: string },
  token: string,
) {
  try {
    const admin = await findActiveAdminByUserId(user.id);
    if (!admin) return;
    const link = `${env().publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    await db().transaction((tx) =>
      queueEmail(tx, {
        kind: "password-reset",
        to: [user.email],
        subject: "Reset your Lagos Tech Academy admin password",
        text: accountLinkEmailText({
          name: admin.name,
          asked: "to reset the password of your admin portal account",
          open: "Open this link within one hour to choose a new password. It works once.",
          link,
          ifNotYou: [
            "If you did not ask for this, ignore this e-mail: your password stays as it is.",
          ],
        }),
      }),
    );
  } catch (error) {
    logger.error({ err: error }, "Sending a password reset e-mail failed");
  }
}
