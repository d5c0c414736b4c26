import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { FlashMessage } from "~/ui/form/form-notice";
import { PageHeader } from "./page-header";

/**
 * The top of a page about one record (an intake's timetable, its certificates): the way back to
 * its list, the title, and the answer to the last post, shown without JavaScript too.
 */
export function RecordPageHeading({
  back,
  title,
  description,
  flash,
}: {
  back: { to: string; label: string };
  title: string;
  description: string;
  flash: ComponentProps<typeof FlashMessage>["flash"];
}) {
  return (
    <>
      <Link
        to={back.to}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {back.label}
      </Link>
      <PageHeader title={title} description={description} />
      <div className="mb-6 empty:hidden">
        <FlashMessage flash={flash} />
      </div>
    </>
  );
}
