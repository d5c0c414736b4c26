import { useEffect } from "react";
import * as z from "zod/mini";
import type { Admin } from "~/db/schema";
import type { AdmissionsQuery } from "~/features/applications/list-url";
import { admissionsHref, parseAdmissionsQuery } from "~/features/applications/list-url";
import { defaultOfferDeadline } from "~/features/applications/places.server";
import { admissionHandlers } from "~/features/applications/staff/admission-actions.server";
import {
  admissionActions,
  admissionFormMessages,
} from "~/features/applications/staff/admissions-schema";
import { StudentsTabs } from "~/features/applications/staff/admissions-toolbar";
import { ApplicationsTab } from "~/features/applications/staff/applications-tab";
import { loadApplicationsTab } from "~/features/applications/staff/applications-tab.server";
import { listStudents } from "~/features/applications/staff/students.server";
import { StudentsTab } from "~/features/applications/staff/students-tab";
import { requireAdmin } from "~/features/auth/session.server";
import { attendanceOf } from "~/features/cohort/attendance.server";
import { AttendanceSummary } from "~/features/cohort/staff/attendance-summary";
import { parsePaymentsQuery, paymentsHref } from "~/features/payments/staff/list-url";
import { listInstalments } from "~/features/payments/staff/payment-overview.server";
import { PaymentsTab } from "~/features/payments/staff/payments-tab";
import {
  staffPaymentHandlers,
  unplacedTransferHandlers,
} from "~/features/payments/staff/staff-payment-actions.server";
import { applicationPayments } from "~/features/payments/staff/staff-payments.server";
import {
  type StaffPaymentConfirm,
  staffPaymentActions,
  staffPaymentConfirms,
  unplacedTransferActions,
} from "~/features/payments/staff/staff-payments-schema";
import { unplacedTransfers } from "~/features/payments/transfer-accounts/settle-transfers.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { lagosInputFromInstant, lagosToday } from "~/lib/format/dates";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { isUuid } from "~/lib/ids";
import { lazyPart } from "~/ui/lazy-part";
import type { Route } from "./+types/students";

// Loaded with the application's detail (see ApplicationsTab), not with the list; the section is
// drawn inside the detail, so it is fetched beside the detail's code rather than after it.
const PaymentSection = lazyPart(
  () => import("~/features/payments/staff/payment-section"),
  "PaymentSection",
);
const PaymentConfirmModal = lazyPart(
  () => import("~/features/payments/staff/payment-section"),
  "PaymentConfirmModal",
);

export const meta: Route.MetaFunction = () => [{ title: "Students | Admin Portal" }];

/** A payment action's confirmation and what it is about (a payment or an instalment). */
const paymentConfirmFrom = (params: URLSearchParams) => {
  const confirm = params.get("confirm");
  const target = params.get("target");
  return (staffPaymentConfirms as readonly string[]).includes(confirm ?? "") && isUuid(target)
    ? { confirm: confirm as StaffPaymentConfirm, target }
    : null;
};

/** Every action of the page: an application's decisions and its payments', and the Payments tab's. */
const studentsActionSchema = z.discriminatedUnion(
  "intent",
  [...admissionActions, ...staffPaymentActions, ...unplacedTransferActions],
  { error: admissionFormMessages.invalid },
);

/** The Applications tab, with the payments feature's part of the open application. */
async function applicationsTab(actor: Admin, query: AdmissionsQuery, params: URLSearchParams) {
  const { extras, ...tab } = await loadApplicationsTab(actor, query, params, (application) =>
    readOrNull("Loading an application's payments", () => applicationPayments(application)),
  );
  const open = tab.application;
  const attendance =
    open?.status === "enrolled"
      ? await readOrNull("Loading a student's attendance", async () =>
          (await attendanceOf([open.id])).get(open.id),
        )
      : null;
  return {
    ...tab,
    payments: extras,
    attendance: attendance ?? null,
    paymentConfirm: extras ? paymentConfirmFrom(params) : null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdmissionsQuery(params);
  const paymentsQuery = parsePaymentsQuery(params);
  const now = new Date();
  return {
    query,
    now: now.toISOString(),
    defaultDeadline: lagosInputFromInstant(defaultOfferDeadline(now)),
    applications: query.tab === "applications" ? await applicationsTab(actor, query, params) : null,
    students:
      query.tab === "students"
        ? await listStudents({ intake: query.intake, q: query.q, page: query.page })
        : null,
    payments:
      query.tab === "payments"
        ? {
            query: paymentsQuery,
            list: await listInstalments(paymentsQuery, lagosToday(now)),
            unplacedTransfers: await unplacedTransfers(),
          }
        : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdmissionsQuery(params);
  return dispatchIntent(
    await readSubmission(request, studentsActionSchema),
    {
      ...admissionHandlers(actor),
      ...staffPaymentHandlers(actor),
      ...unplacedTransferHandlers(actor),
    },
    {
      // Back to the list as it was: with the application open, or the Payments tab.
      successHref: (input) =>
        "id" in input ? admissionsHref(query, input.id) : paymentsHref(parsePaymentsQuery(params)),
      what: "Admissions",
    },
  );
}

export default function Students({ loaderData, actionData }: Route.ComponentProps) {
  const { query } = loaderData;
  const openWithPayments = Boolean(loaderData.applications?.payments);
  useEffect(() => {
    if (openWithPayments) PaymentSection.preload();
  }, [openWithPayments]);
  return (
    <>
      <PageHeader
        title="Students"
        description="Applications to the intakes, the students, and what they have paid."
      />
      <StudentsTabs tab={query.tab} />
      {loaderData.applications ? (
        <ApplicationsTab
          query={query}
          data={loaderData.applications}
          now={loaderData.now}
          defaultDeadline={loaderData.defaultDeadline}
          actionData={actionData}
          paymentConfirmOpen={Boolean(loaderData.applications.paymentConfirm)}
          payments={paymentParts(loaderData.applications, actionData)}
        />
      ) : loaderData.students ? (
        <StudentsTab list={loaderData.students} query={query} />
      ) : loaderData.payments ? (
        <PaymentsTab
          list={loaderData.payments.list}
          query={loaderData.payments.query}
          unplacedTransfers={loaderData.payments.unplacedTransfers}
          reply={actionData}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;

/** The payments feature's part of the open application: its section and its confirmations. */
function paymentParts(
  tab: NonNullable<Route.ComponentProps["loaderData"]["applications"]>,
  actionData: Route.ComponentProps["actionData"],
) {
  const { application, payments, paymentConfirm, attendance } = tab;
  return {
    section: (openHref: string) => (
      <>
        {attendance ? <AttendanceSummary attendance={attendance} /> : null}
        {payments ? (
          <PaymentSection
            payments={payments}
            confirmHref={(move, target) => `${openHref}&confirm=${move}&target=${target}`}
          />
        ) : null}
      </>
    ),
    confirm: (openHref: string, close: () => void) =>
      application && payments && paymentConfirm ? (
        <PaymentConfirmModal
          key={`${paymentConfirm.confirm}-${paymentConfirm.target}`}
          confirm={paymentConfirm.confirm}
          target={paymentConfirm.target}
          applicationId={application.id}
          fullName={application.fullName}
          payments={payments}
          reply={actionData}
          closeHref={openHref}
          onClose={close}
        />
      ) : null,
  };
}
