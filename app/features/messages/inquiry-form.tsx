import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Button } from "~/ui/button";
import { CheckboxField, FormError, SelectField, TextareaField, TextField } from "~/ui/form-fields";
import { FormNotice } from "~/ui/form-notice";
import { HoneypotField } from "./honeypot-field";
import { contactMethods, formMessages, inquirySchema, inquiryTypes } from "./schema";
import { usePublicForm } from "./use-public-form";

/** The landing page's inquiry form (SPEC.md sections 2, 5 and 8). */
export function InquiryForm({ courseTitles }: { courseTitles: string[] }) {
  const { fetcher, form, fields, hydrated, submitting, documentNotice, formErrors } = usePublicForm(
    "inquiry-form",
    inquirySchema,
    formMessages.inquiryFailure,
  );
  const [consented, setConsented] = useState(false);

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onReset={() => setConsented(false)}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormNotice notice={documentNotice} />
        <FormError errors={formErrors} id={form.errorId} />
      </div>
      <HoneypotField />
      <TextField
        meta={fields.fullName}
        label="Full Name"
        required
        autoComplete="name"
        placeholder="e.g. Adaeze Okafor"
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
        meta={fields.inquiryType}
        label="Purpose of Inquiry"
        required
        placeholder="Select a purpose"
        options={inquiryTypes}
      />
      <SelectField
        meta={fields.courseInterest}
        label="Course of Interest"
        placeholder="Select a course"
        options={courseTitles}
      />
      <SelectField
        meta={fields.contactMethod}
        label="Preferred Contact Method"
        placeholder="Select a method"
        options={contactMethods}
      />
      <TextareaField
        meta={fields.message}
        label="Message"
        className="sm:col-span-2"
        placeholder="Tell us about your goals or questions"
        rows={4}
      />
      <CheckboxField
        meta={fields.consent}
        required
        className="sm:col-span-2"
        onChange={(event) => setConsented(event.currentTarget.checked)}
        label="I agree to the privacy policy and consent to being contacted about my inquiry."
      />
      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={submitting || (hydrated && !consented)}
        >
          {submitting ? "Sending..." : "Send Inquiry"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
