import { FormError } from "../form/fields";
import { FormNotice } from "../form/form-notice";

/**
 * The academy's references in a text, as its features write them: a message's 'LTA-0001234',
 * an application's 'LTA-A-001234' (a capturing group, for split).
 */
const referencesInText = /(LTA-(?:[A-Z]-)?\d{6,})/;

export type PublicFormAnswerProps = {
  id: string;
  notice: string | null;
  formErrors: string[] | undefined;
  fieldErrors: { fieldId: string; message: string }[];
};

/** The notice with each reference on one line: 'LTA-' and its digits never part on a phone. */
function withWholeReferences(notice: string) {
  return notice.split(referencesInText).map((part, index) =>
    index % 2 === 1 ? (
      <span key={part} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * The top of a public form: the success notice (also after a send with JavaScript, beside its
 * toast) or the errors of a plain (no-JavaScript) POST, which the returned page scrolls to, and
 * form-level errors such as the rate limit.
 */
export function PublicFormAnswer({ id, notice, formErrors, fieldErrors }: PublicFormAnswerProps) {
  return (
    <div id={id} tabIndex={-1} className="scroll-mt-24 focus:outline-none sm:col-span-2">
      <FormNotice notice={notice ? withWholeReferences(notice) : null} />
      <FormError errors={formErrors} />
      {fieldErrors.length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">Please correct the following:</p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {fieldErrors.map((error) => (
              <li key={error.fieldId}>
                <a href={`#${error.fieldId}`} className="underline hover:no-underline">
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
