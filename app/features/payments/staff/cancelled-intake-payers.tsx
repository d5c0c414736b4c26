import { Form, Link } from "react-router";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { admissionsHref } from "~/features/applications/list-url";
import { formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { Button } from "~/ui/button";
import { SelectInput } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { LabelledSection } from "~/ui/labelled-section";
import type { CancelledIntakePayers } from "./transfers.server";

/**
 * The paid places of the course's cancelled intakes, each to refund (on its application's
 * Payments, where refunds are made) or to move to another intake of the course.
 */
export function CancelledIntakePayersSection({ payers, targets }: CancelledIntakePayers) {
  if (!payers.length) return null;
  const options = targets.map((intake) => ({
    value: intake.id,
    label: `${intake.label} (starts ${formatShortDate(intake.startsOn)}, ${intake.seats - intake.placesTaken} free)`,
  }));
  return (
    <LabelledSection
      id="cancelled-payers-heading"
      title="Paid for a cancelled intake: refund or move"
      className="mt-8 rounded-xl border border-red-200 bg-white p-4 dark:border-red-900 dark:bg-slate-900"
      headingClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      <ul className="mt-3 grid gap-4">
        {payers.map((payer) => (
          <li
            key={payer.id}
            className="grid gap-2 border-t border-slate-100 pt-3 dark:border-slate-800"
          >
            <p className="text-sm text-slate-900 dark:text-slate-100">
              <Link
                to={admissionsHref({}, payer.id)}
                className="font-semibold text-brand-800 underline dark:text-brand-300"
              >
                {payer.fullName}
              </Link>{" "}
              ({formatApplicationReference(payer.reference)}), {payer.intakeLabel}:{" "}
              {formatNaira(payer.kept)} paid and not refunded. Refund it from the application's
              payments, or move the place:
            </p>
            {options.length ? (
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <IntentFields intent="transfer" id={payer.id} />
                <SelectInput
                  id={`transfer-target-${payer.id}`}
                  name="target"
                  label={`Intake to move ${payer.fullName} to`}
                  options={options}
                  required
                />
                <Button type="submit" variant="secondary">
                  Move place
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                No other intake of this course has yet to start: add one to move the place.
              </p>
            )}
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
