import { href, Link } from "react-router";
import { CODE_MAX } from "~/features/discounts/discount-schema";
import { SelectInput, TextArea, TextInput } from "~/ui/form/fields";
import { ConsentCheckbox } from "~/ui/public-form/consent-checkbox";
import { PersonFields } from "~/ui/public-form/person-fields";
import { PublicForm } from "~/ui/public-form/public-form";
import { PublicFormSubmit } from "~/ui/public-form/public-form-submit";
import { useConsent } from "~/ui/public-form/use-consent";
import { usePublicForm } from "~/ui/public-form/use-public-form";
import { applicationMessages } from "../application-messages";
import { experienceLevels, heardFromChoices } from "../application-rules";

const loadSchema = () => import("../application-schema").then((module) => module.applicationSchema);

/** The apply page's form; `full` names the button for the waitlist. */
export function ApplicationForm({ full }: { full: boolean }) {
  const form = usePublicForm("application-form", loadSchema);
  const { field, selectField, submitting } = form;
  const consent = useConsent(form);
  // After applying, or when the address has applied already: the way back to the private link.
  const linkLost =
    form.answer.notice !== null || field("email").error === applicationMessages.alreadyApplied;

  return (
    <PublicForm form={form} className="relative grid gap-4 sm:grid-cols-2">
      {linkLost ? (
        <p className="text-slate-700 sm:col-span-2">
          Lost the e-mail with your private link?{" "}
          <Link
            to={href("/application")}
            className="font-semibold text-brand-800 underline hover:no-underline"
          >
            Find my application
          </Link>
        </p>
      ) : null}
      <PersonFields
        field={field}
        nameField="fullName"
        namePlaceholder="e.g. Adaeze Okafor"
        phoneRequired
      />
      <SelectInput
        {...selectField("experienceLevel")}
        label="Experience Level"
        required
        placeholder="Select your level"
        options={experienceLevels}
      />
      <TextArea
        {...field("goals")}
        label="What do you want to achieve?"
        required
        className="sm:col-span-2"
        placeholder="e.g. Move from accounting into data analysis at a bank"
        rows={4}
      />
      <SelectInput
        {...selectField("heardFrom")}
        label="How did you hear about us?"
        required
        placeholder="Select one"
        options={heardFromChoices}
      />
      <TextInput
        {...field("discountCode")}
        label="Discount or seat code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={CODE_MAX}
      />
      <ConsentCheckbox
        {...field("consent")}
        onChange={consent.onChange}
        label="I agree to the privacy policy and consent to being contacted about my application."
      />
      <PublicFormSubmit submitting={submitting} blocked={consent.blocksSubmit}>
        {full ? "Join the waitlist" : "Apply"}
      </PublicFormSubmit>
    </PublicForm>
  );
}
