import { SelectInput, TextArea } from "~/ui/form/fields";
import { ConsentCheckbox } from "~/ui/public-form/consent-checkbox";
import { PersonFields } from "~/ui/public-form/person-fields";
import { PublicForm } from "~/ui/public-form/public-form";
import { PublicFormSubmit } from "~/ui/public-form/public-form-submit";
import { useConsent } from "~/ui/public-form/use-consent";
import { usePublicForm } from "~/ui/public-form/use-public-form";
import { contactMethods, courseInquiryType, inquiryTypes } from "../form-options";

const loadSchema = () => import("./schema").then((module) => module.inquirySchema);

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
  const form = usePublicForm(
    "inquiry-form",
    loadSchema,
    course ? { inquiryType: courseInquiryType, courseInterest: course } : {},
  );
  const { field, selectField, submitting } = form;
  const consent = useConsent(form);

  return (
    <PublicForm form={form} className="relative grid gap-4 sm:grid-cols-2">
      <PersonFields field={field} nameField="fullName" namePlaceholder="e.g. Adaeze Okafor" />
      <SelectInput
        {...selectField("inquiryType")}
        label="Purpose of Inquiry"
        required
        placeholder="Select a purpose"
        options={inquiryTypes}
      />
      <SelectInput
        {...selectField("courseInterest")}
        label="Course of Interest"
        placeholder="Select a course"
        options={courseTitles}
      />
      <SelectInput
        {...selectField("contactMethod")}
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
      <ConsentCheckbox
        {...field("consent")}
        onChange={consent.onChange}
        label="I agree to the privacy policy and consent to being contacted about my inquiry."
      />
      <PublicFormSubmit submitting={submitting} blocked={consent.blocksSubmit}>
        Send Inquiry
      </PublicFormSubmit>
    </PublicForm>
  );
}
