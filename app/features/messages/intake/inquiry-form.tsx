import { useState } from "react";
import { Button } from "~/ui/button";
import { CheckboxInput, SelectInput, TextArea, TextInput } from "~/ui/fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { PublicFormAnswer } from "~/ui/public-form-answer";
import { type PublicFieldName, usePublicForm } from "~/ui/use-public-form";
import { contactMethods, courseInquiryType, inquiryTypes } from "../form-options";

const loadSchema = () => import("./schema").then((module) => module.inquirySchema);

type InquiryField = PublicFieldName<Awaited<ReturnType<typeof loadSchema>>>;

/**
 * The inquiry form, on the landing page and, with its course
 * chosen, on each course page.
 */
export function InquiryForm({
  courseTitles,
  course,
}: {
  courseTitles: string[];
  /** The course the inquiry is about: preselects 'I'm interested in a course' and the course. */
  course?: string;
}) {
  const { formKey, formProps, fetcher, field, hydrated, submitting, answer } = usePublicForm(
    "inquiry-form",
    loadSchema,
    course ? { inquiryType: courseInquiryType, courseInterest: course } : {},
  );
  // Consent belongs to one rendering of the form: a reset (a new key) starts it unticked.
  const [consentedForm, setConsentedForm] = useState<number | null>(null);
  const consented = consentedForm === formKey;
  const select = (name: InquiryField) => {
    const { defaultValue, ...rest } = field(name);
    return { ...rest, defaultValue: defaultValue ?? "" };
  };

  return (
    <fetcher.Form key={formKey} {...formProps} className="relative grid gap-4 sm:grid-cols-2">
      <PublicFormAnswer {...answer} />
      <HoneypotField />
      <TextInput
        {...field("fullName")}
        label="Full Name"
        required
        autoComplete="name"
        placeholder="e.g. Adaeze Okafor"
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
        {...select("inquiryType")}
        label="Purpose of Inquiry"
        required
        placeholder="Select a purpose"
        options={inquiryTypes}
      />
      <SelectInput
        {...select("courseInterest")}
        label="Course of Interest"
        placeholder="Select a course"
        options={courseTitles}
      />
      <SelectInput
        {...select("contactMethod")}
        label="Preferred Contact Method"
        placeholder="Select a method"
        options={contactMethods}
      />
      <TextArea
        {...field("message")}
        label="Message"
        className="sm:col-span-2"
        placeholder="Tell us about your goals or questions"
        rows={4}
      />
      <CheckboxInput
        {...field("consent")}
        defaultValue={undefined}
        required
        className="sm:col-span-2"
        onChange={(event) => setConsentedForm(event.currentTarget.checked ? formKey : null)}
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
