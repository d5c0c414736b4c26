import CalendarDays from "lucide-react/icons/calendar-days";
import UserPlus from "lucide-react/icons/user-plus";
import { href, Link } from "react-router";
import type { Tutor } from "~/db/schema";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import {
  ActiveBadge,
  ActiveToggleButton,
  RowModalLink,
  rowActionClasses,
} from "~/ui/list/row-actions";
import { type TutorListQuery, tutorListHref } from "./list-url";
import { TutorPhoto } from "./tutor-photo";

/** The tutors, one row each (photo, name, role, status, actions); or the empty state. */
export function TutorList({ tutors, query }: { tutors: Tutor[]; query: TutorListQuery }) {
  if (tutors.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <p className="text-slate-600 dark:text-slate-300">
          {query.q ? `No tutors match "${query.q}".` : "No tutors yet."}
        </p>
        {query.q ? null : (
          <Link
            to={tutorListHref(query, { modal: "create" })}
            preventScrollReset
            className={buttonClasses("primary", "md", "mt-4")}
          >
            <UserPlus aria-hidden="true" className="h-5 w-5" />
            Add tutor
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul aria-label="Tutors" className="divide-y divide-slate-200 dark:divide-slate-800">
      {tutors.map((tutor) => (
        <li
          key={tutor.id}
          data-tutor={tutor.name}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
        >
          <TutorPhoto tutor={tutor} size={48} />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-words text-slate-900 dark:text-white">
              {tutor.name}
            </h2>
            <p className="text-sm break-words text-slate-600 dark:text-slate-400">{tutor.role}</p>
          </div>
          <ActiveBadge active={tutor.isActive} className="py-0.5" />
          <div className="inline-flex flex-wrap gap-1">
            <RowModalLink
              to={tutorListHref(query, { modal: "edit", id: tutor.id })}
              action="edit"
              name={tutor.name}
            />
            <Link
              to={href("/admin-portal/tutors/:tutorId/timetable", { tutorId: tutor.id })}
              className={cn(
                rowActionClasses,
                "text-brand-800 hover:bg-brand-50 dark:text-brand-300",
              )}
            >
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Timetable
              <span className="sr-only"> of {tutor.name}</span>
            </Link>
            <ActiveToggleButton
              id={tutor.id}
              active={tutor.isActive}
              name={tutor.name}
              labels={["Deactivate", "Activate"]}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
