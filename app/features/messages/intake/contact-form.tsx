import { Button } from "~/ui/button";
import { SelectInput, TextArea, TextInput } from "~/ui/fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { PublicFormAnswer } from "~/ui/public-form-answer";
import { usePublicForm } from "~/ui/use-public-form";
import { contactSubjects } from "../form-options";

const loadSchema = () => import("./schema").then((module) => module.contactSchema);

/** The contact page's form. */
export function ContactForm() {
  const { formKey, formProps, fetcher, field, submitting, answer } = usePublicForm(
    "contact-form",
    loadSchema,
  );
  const subject = field("subject");

  return (
    <fetcher.Form key={formKey} {...formProps} className="relative grid gap-4 sm:grid-cols-2">
      <PublicFormAnswer {...answer} />
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
