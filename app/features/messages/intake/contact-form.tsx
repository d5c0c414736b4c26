import { SelectInput, TextArea } from "~/ui/form/fields";
import { PersonFields } from "~/ui/public-form/person-fields";
import { PublicForm } from "~/ui/public-form/public-form";
import { PublicFormSubmit } from "~/ui/public-form/public-form-submit";
import { usePublicForm } from "~/ui/public-form/use-public-form";
import { contactSubjects } from "../form-options";

const loadSchema = () => import("./schema").then((module) => module.contactSchema);

/** The contact page's form. */
export function ContactForm() {
  const form = usePublicForm("contact-form", loadSchema);
  const { field, selectField, submitting } = form;

  return (
    <PublicForm form={form} className="relative grid gap-4 sm:grid-cols-2">
      <PersonFields field={field} nameField="name" namePlaceholder="e.g. Tunde Bakare" />
      <SelectInput
        {...selectField("subject")}
        label="Subject"
        required
        placeholder="Select a subject"
        options={contactSubjects}
      />
      <TextArea
        {...field("message")}
        label="Message"
        required
        className="sm:col-span-2"
        placeholder="How can we help you?"
        rows={5}
      />
      <PublicFormSubmit submitting={submitting}>Send Message</PublicFormSubmit>
    </PublicForm>
  );
}
