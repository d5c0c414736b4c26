import { type ActionReply, formFailure } from "~/lib/forms/action-reply";

/**
 * A public form's client action. The server's answer passes through unchanged; when the request
 * itself fails (no connection, a proxy's error page), the visitor gets the form's failure text
 * and keeps what they typed, instead of the page being replaced by the error screen.
 */
export async function submitPublicForm(
  request: Request,
  serverAction: () => Promise<unknown>,
  failureText: string,
): Promise<ActionReply> {
  const formData = await request.clone().formData();
  try {
    return (await serverAction()) as ActionReply;
  } catch (error) {
    console.error("Sending the form failed", error);
    const typed = Object.fromEntries(
      [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return formFailure(failureText, typed);
  }
}
