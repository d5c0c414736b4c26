import { Form } from "react-router";
import { buttonClasses } from "~/ui/button";
import { controlClasses, FormError, SelectInput } from "~/ui/form/fields";
import { type ParsedReportPeriod, reportPeriodChoices } from "./report-period";

/** The period's choice and its dates, as a GET form: the report lives in the URL. */
export function PeriodForm({
  choice,
  input,
  error,
}: Pick<ParsedReportPeriod, "error" | "input"> & { choice: string }) {
  return (
    <Form
      method="get"
      aria-label="Report period"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <SelectInput
        id="report-period"
        name="period"
        label="Period"
        layout="action"
        defaultValue={choice}
        options={reportPeriodChoices}
      />
      {(["from", "to"] as const).map((name) => (
        <div key={name}>
          <label htmlFor={`report-${name}`} className="mb-1 block text-sm font-medium">
            {name === "from" ? "From" : "To"}
          </label>
          <input
            id={`report-${name}`}
            type="date"
            name={name}
            defaultValue={input[name]}
            aria-describedby="report-dates-hint report-period-error"
            aria-invalid={error ? true : undefined}
            className={controlClasses}
          />
        </div>
      ))}
      <button type="submit" className={buttonClasses("primary")}>
        Show
      </button>
      <p id="report-dates-hint" className="w-full text-sm text-slate-600 dark:text-slate-400">
        The dates apply to 'From … to …'. Days, weeks and hours are Lagos time; weeks start on
        Monday.
      </p>
      <div className="w-full">
        <FormError id="report-period-error" errors={error ? [error] : null} />
      </div>
    </Form>
  );
}
