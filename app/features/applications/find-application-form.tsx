import { href } from "react-router";
import { Button } from "~/ui/button";
import { EmailAddressInput } from "~/ui/fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { PublicFormAnswer } from "~/ui/public-form-answer";
import { usePublicForm } from "~/ui/use-public-form";

const loadSchema = () => import("./schema").then((module) => module.findApplicationSchema);

/**
 * 'Find my application': an e-mail address in, its links e-mailed. It posts to its own page,
 * so it works the same where it is placed on another (the page of a link that opens nothing).
 */
export function FindApplicationForm() {
  const { formKey, formProps, fetcher, field, submitting, answer } = usePublicForm(
    "find-application-form",
    loadSchema,
  );
  return (
    <fetcher.Form
      key={formKey}
      {...formProps}
      action={`${href("/application")}#${answer.id}`}
      className="relative grid gap-4"
    >
      <PublicFormAnswer {...answer} />
      <HoneypotField />
      <EmailAddressInput {...field("email")} />
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Sending..." : "E-mail me my links"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
