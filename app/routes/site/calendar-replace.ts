import { data, href } from "react-router";
import {
  replaceStudentCalendar,
  studentCalendarMessages,
} from "~/features/cohort/student-page.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import type { Route } from "./+types/calendar-replace";

/** 'Replace my calendar address' on the student's page: a post that goes back to the page. */
export async function action({ params, request }: Route.ActionArgs) {
  await readForm(request);
  const back = `${href("/application/:token", { token: params.token })}#calendar-heading`;
  if (!(await replaceStudentCalendar(params.token)))
    return redirectWithFlash(back, studentCalendarMessages.notStudent, "error");
  return redirectWithFlash(back, studentCalendarMessages.replaced);
}

/** Nothing to read here: the page is 'My application'. */
export function loader() {
  throw data(null, { status: 404 });
}
