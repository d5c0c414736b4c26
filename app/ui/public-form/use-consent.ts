import { type ChangeEvent, useState } from "react";

/**
 * A public form's consent box. It belongs to one rendering of the form: a reset (a new
 * `formKey`) starts it unticked. Once JavaScript runs, the form cannot be sent until it is
 * ticked; before, the server's schema checks it.
 */
export function useConsent({ formKey, hydrated }: { formKey: number; hydrated: boolean }) {
  const [consentedForm, setConsentedForm] = useState<number | null>(null);
  return {
    /** Keeps the submit button disabled. */
    blocksSubmit: hydrated && consentedForm !== formKey,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setConsentedForm(event.currentTarget.checked ? formKey : null),
  };
}
