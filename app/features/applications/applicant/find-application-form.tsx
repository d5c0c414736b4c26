import { href } from "react-router";
import { Button } from "~/ui/button";
import { EmailAddressInput } from "~/ui/form/fields";
import { PublicForm } from "~/ui/public-form/public-form";
import { usePublicForm } from "~/ui/public-form/use-public-form";

const loadSchema = () =>
  import("../application-schema").then((module) => module.findApplicationSchema);

/**
 * 'Find my application': an e-mail address in, its links e-mailed. It posts to its own page,
 * so it works the same where it is placed on another (the page of a link that opens nothing).
 */
export function FindApplicationForm() {
  const form = usePublicForm("find-application-form", loadSchema);
  const { field, submitting } = form;
  return (
    <PublicForm
      form={form}
      action={`${href("/application")}#${form.answer.id}`}
      className="relative grid gap-4"
    >
      <EmailAddressInput {...field("email")} />
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Sending..." : "E-mail me my links"}
        </Button>
      </div>
    </PublicForm>
  );
}
