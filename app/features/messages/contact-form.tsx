import { getFormProps } from "@conform-to/react";
import { Button } from "~/ui/button";
import { FormError, SelectField, TextareaField, TextField } from "~/ui/form-fields";
import { FormNotice } from "~/ui/form-notice";
import { HoneypotField } from "./honeypot-field";
import { contactSchema, contactSubjects, formMessages } from "./schema";
import { usePublicForm } from "./use-public-form";

/** The contact page's form (SPEC.md sections 2, 5 and 8). */
export function ContactForm() {
  const { fetcher, form, fields, submitting, documentNotice, formErrors } = usePublicForm(
    "contact-form",
    contactSchema,
    formMessages.contactFailure,
  );

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormNotice notice={documentNotice} />
        <FormError errors={formErrors} id={form.errorId} />
      </div>
      <HoneypotField />
      <TextField
        meta={fields.name}
        label="Full Name"
        required
        autoComplete="name"
        placeholder="e.g. Tunde Bakare"
      />
      <TextField
        meta={fields.email}
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
      />
      <TextField
        meta={fields.phone}
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
      />
      <SelectField
        meta={fields.subject}
        label="Subject"
        required
        placeholder="Select a subject"
        options={contactSubjects}
      />
      <TextareaField
        meta={fields.message}
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
