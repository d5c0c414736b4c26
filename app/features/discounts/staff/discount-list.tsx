import TicketPercent from "lucide-react/icons/ticket-percent";
import { Form, Link, useNavigation } from "react-router";
import { formatShortDate } from "~/lib/format/dates";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { IntentFields } from "~/ui/form/intent-fields";
import { rowActionClasses } from "~/ui/list/row-actions";
import type { listCodes } from "../discount-codes.server";
import { codeOffText } from "../discount-summary";
import { discountListHref } from "./list-url";

export type ListedCode = Awaited<ReturnType<typeof listCodes>>[number];

/** An intake a code can be for, as the Discounts page names it. */
export type CodeIntake = { id: string; courseTitle: string; label: string; startsOn: string };

const datesOf = (code: ListedCode) =>
  code.validFrom && code.validUntil
    ? `${formatShortDate(code.validFrom)} – ${formatShortDate(code.validUntil)}`
    : code.validFrom
      ? `From ${formatShortDate(code.validFrom)}`
      : code.validUntil
        ? `Until ${formatShortDate(code.validUntil)}`
        : "Any day";

/** The discount codes, newest first: what each takes off, for which intakes, its uses. */
export function DiscountList({
  codes,
  intakes,
}: {
  codes: ListedCode[];
  intakes: readonly CodeIntake[];
}) {
  const navigation = useNavigation();
  if (codes.length === 0)
    return (
      <div className="px-4 py-12 text-center">
        <p className="text-slate-600 dark:text-slate-300">No discount codes yet.</p>
        <Link
          to={discountListHref({ modal: "create" })}
          preventScrollReset
          className={buttonClasses("primary", "md", "mt-4")}
        >
          <TicketPercent aria-hidden="true" className="h-5 w-5" />
          Add discount code
        </Link>
      </div>
    );
  const intakeName = (id: string) => {
    const intake = intakes.find((choice) => choice.id === id);
    return intake ? `${intake.courseTitle}, ${formatShortDate(intake.startsOn)}` : "An intake";
  };
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Discount codes</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-2">
              Code
            </th>
            <th scope="col" className="px-4 py-2">
              Off
            </th>
            <th scope="col" className="px-4 py-2">
              For
            </th>
            <th scope="col" className="px-4 py-2">
              Valid
            </th>
            <th scope="col" className="px-4 py-2">
              Used
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => {
            const pending = navigation.formData?.get("id") === code.id;
            return (
              <tr
                key={code.id}
                data-discount-code={code.code}
                className="border-t border-slate-100 align-top dark:border-slate-800"
              >
                <th scope="row" className="px-4 py-2 font-mono font-semibold">
                  {code.code}
                  {code.deactivatedAt ? (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 font-sans text-xs text-slate-700">
                      Deactivated
                    </span>
                  ) : null}
                </th>
                <td className="px-4 py-2">{codeOffText(code)}</td>
                <td className="px-4 py-2">
                  {code.allIntakes ? "Every intake" : code.intakeIds.map(intakeName).join("; ")}
                </td>
                <td className="px-4 py-2">{datesOf(code)}</td>
                <td className="px-4 py-2">
                  {code.uses}
                  {code.useLimit === null ? "" : ` of ${code.useLimit}`}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {code.perPersonLimit} per person
                  </span>
                </td>
                <td className="px-4 py-2 text-right">
                  {code.deactivatedAt ? null : (
                    <Form method="post" preventScrollReset>
                      <IntentFields intent="deactivate" id={code.id} />
                      <button
                        type="submit"
                        disabled={pending}
                        className={cn(
                          rowActionClasses,
                          "text-red-700 hover:bg-red-50 dark:text-red-400",
                        )}
                      >
                        Deactivate<span className="sr-only"> {code.code}</span>
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
