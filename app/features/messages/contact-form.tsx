import { Button } from "~/ui/button";
import { FormError, SelectInput, TextArea, TextInput } from "~/ui/fields";
import { FormNotice } from "~/ui/form-notice";
import { contactSubjects, formMessages } from "./form-options";
import { HoneypotField } from "./honeypot-field";
import { usePublicForm } from "./use-public-form";

const loadSchema = () => import("./schema").then((module) => module.contactSchema);

/** The contact page's form (SPEC.md sections 2, 5 and 8). */
export function ContactForm() {
  const { formProps, fetcher, field, submitting, documentNotice, formErrors } = usePublicForm(
    "contact-form",
    loadSchema,
    formMessages.contactFailure,
  );
  const subject = field("subject");

  return (
    <fetcher.Form {...formProps} className="relative grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormNotice notice={documentNotice} />
        <FormError errors={formErrors} />
      </div>
      <HoneypotField />
      <TextInput
        {...field("name")}
        label="Full Name"
        required
        autoComplete="name"
        placeholder="e.g. Tunde Bakare"
      />
      <TextInput
        {...field("email")}
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
      />
      <TextInput
        {...field("phone")}
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
      />
      <SelectInput
        {...subject}
        defaultValue={subject.defaultValue ?? ""}
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
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
