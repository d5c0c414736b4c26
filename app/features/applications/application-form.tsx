import { useState } from "react";
import { Button } from "~/ui/button";
import { CheckboxInput, EmailAddressInput, SelectInput, TextArea, TextInput } from "~/ui/fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { PublicFormAnswer } from "~/ui/public-form-answer";
import { type PublicFieldName, usePublicForm } from "~/ui/use-public-form";
import { experienceLevels, heardFromChoices } from "./application-rules";

const loadSchema = () => import("./schema").then((module) => module.applicationSchema);

type ApplicationField = PublicFieldName<Awaited<ReturnType<typeof loadSchema>>>;

/** The apply page's form; `full` names the button for the waitlist. */
export function ApplicationForm({ full }: { full: boolean }) {
  const { formKey, formProps, fetcher, field, hydrated, submitting, answer } = usePublicForm(
    "application-form",
    loadSchema,
  );
  // As the inquiry form: consent belongs to one rendering of the form.
  const [consentedForm, setConsentedForm] = useState<number | null>(null);
  const consented = consentedForm === formKey;
  const select = (name: ApplicationField) => {
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
      <EmailAddressInput {...field("email")} />
      <TextInput
        {...field("phone")}
        label="Phone Number"
        type="tel"
        required
        autoComplete="tel"
        placeholder="0803 123 4567"
      />
      <SelectInput
        {...select("experienceLevel")}
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
        {...select("heardFrom")}
        label="How did you hear about us?"
        required
        placeholder="Select one"
        options={heardFromChoices}
      />
      <CheckboxInput
        {...field("consent")}
        defaultValue={undefined}
        required
        className="sm:col-span-2"
        onChange={(event) => setConsentedForm(event.currentTarget.checked ? formKey : null)}
        label="I agree to the privacy policy and consent to being contacted about my application."
      />
      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={submitting || (hydrated && !consented)}
        >
          {submitting ? "Sending..." : full ? "Join the waitlist" : "Apply"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
