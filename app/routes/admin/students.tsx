import { useNavigate, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { Admin } from "~/db/schema";
import { listActiveAdminOptions } from "~/features/admins/admins.server";
import {
  type AdmissionsQuery,
  admissionsHref,
  parseAdmissionsQuery,
} from "~/features/applications/list-url";
import { defaultOfferDeadline } from "~/features/applications/places.server";
import { admissionHandlers } from "~/features/applications/staff/admission-actions.server";
import { AdmissionConfirmModal } from "~/features/applications/staff/admission-confirm-modal";
import { markApplicationViewed } from "~/features/applications/staff/admissions.server";
import {
  type AdmissionConfirm,
  admissionActions,
  admissionConfirms,
  admissionFormMessages,
} from "~/features/applications/staff/admissions-schema";
import {
  ApplicationFilters,
  ApplicationStatusCounts,
  StudentsTabs,
} from "~/features/applications/staff/admissions-toolbar";
import { ApplicationDetail } from "~/features/applications/staff/application-detail";
import {
  applicationTimeline,
  getApplication,
  personRecordsOf,
} from "~/features/applications/staff/application-detail.server";
import { ApplicationList } from "~/features/applications/staff/application-list";
import {
  applicationIntakeChoices,
  applicationStatusCounts,
  listApplications,
} from "~/features/applications/staff/application-list.server";
import { savedRepliesForApplication } from "~/features/applications/staff/application-reply-context.server";
import { listStudents } from "~/features/applications/staff/students.server";
import { StudentsTab } from "~/features/applications/staff/students-tab";
import { requireAdmin } from "~/features/auth/session.server";
import { parsePaymentsQuery } from "~/features/payments/staff/list-url";
import { listInstalments } from "~/features/payments/staff/payment-overview.server";
import { PaymentConfirmModal, PaymentSection } from "~/features/payments/staff/payment-section";
import { PaymentsTab } from "~/features/payments/staff/payments-tab";
import { staffPaymentHandlers } from "~/features/payments/staff/staff-payment-actions.server";
import { applicationPayments } from "~/features/payments/staff/staff-payments.server";
import {
  type StaffPaymentConfirm,
  staffPaymentActions,
  staffPaymentConfirms,
} from "~/features/payments/staff/staff-payments-schema";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { lagosInputFromInstant, lagosToday } from "~/lib/format/dates";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/infra/logger.server";
import { openRecordId } from "~/lib/router/list-href";
import { useActionReply } from "~/ui/form/use-action-reply";
import { Pagination } from "~/ui/list/pagination";
import { useRevealOnOpen } from "~/ui/use-reveal-on-open";
import type { Route } from "./+types/students";

export const meta: Route.MetaFunction = () => [{ title: "Students | Admin Portal" }];

const confirmFrom = (params: URLSearchParams): AdmissionConfirm | null => {
  const confirm = params.get("confirm");
  return (admissionConfirms as readonly string[]).includes(confirm ?? "")
    ? (confirm as AdmissionConfirm)
    : null;
};

/** A payment action's confirmation and what it is about (a payment or an instalment). */
const paymentConfirmFrom = (params: URLSearchParams) => {
  const confirm = params.get("confirm");
  const target = params.get("target");
  return (staffPaymentConfirms as readonly string[]).includes(confirm ?? "") && isUuid(target)
    ? { confirm: confirm as StaffPaymentConfirm, target }
    : null;
};

/** Every action of the page: an application's decisions and its payments'. */
const studentsActionSchema = z.discriminatedUnion(
  "intent",
  [...admissionActions, ...staffPaymentActions],
  { error: admissionFormMessages.invalid },
);

/** An extra of the open application that never stops it from showing: null when unreadable. */
/** The Applications tab: the list, its filters and counts, and the open application. */
async function applicationsTab(actor: Admin, query: AdmissionsQuery, params: URLSearchParams) {
  const openId = openRecordId(params);
  // Marking it viewed must never stop the application from showing.
  if (openId)
    await markApplicationViewed(actor, openId).catch((error: unknown) =>
      logger.error({ err: error }, "Marking an application viewed failed"),
    );
  const [list, counts, intakes, admins, application] = await Promise.all([
    listApplications(query),
    applicationStatusCounts(query.intake),
    applicationIntakeChoices(),
    listActiveAdminOptions(),
    openId ? getApplication(openId) : null,
  ]);
  const [timeline, person, savedReplies, payments] = application
    ? await Promise.all([
        readOrNull("Loading an application's history", () => applicationTimeline(application.id)),
        readOrNull("Loading a person's records", () => personRecordsOf(application)),
        readOrNull("Loading saved replies", () => savedRepliesForApplication(application)),
        readOrNull("Loading an application's payments", () => applicationPayments(application)),
      ])
    : [null, null, null, null];
  const confirm = application ? confirmFrom(params) : null;
  const paymentConfirm = payments ? paymentConfirmFrom(params) : null;
  const insertedId = params.get("savedReply");
  return {
    list,
    counts,
    intakes,
    admins: admins.map(({ id, name }) => ({ id, name })),
    application,
    timeline,
    person,
    confirm,
    payments,
    paymentConfirm,
    savedReplies: savedReplies ?? [],
    draft: savedReplies?.find((reply) => reply.id === insertedId)?.text ?? "",
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
        ? { query: paymentsQuery, list: await listInstalments(paymentsQuery, lagosToday(now)) }
        : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const query = parseAdmissionsQuery(new URL(request.url).searchParams);
  return dispatchIntent(
    await readSubmission(request, studentsActionSchema),
    { ...admissionHandlers(actor), ...staffPaymentHandlers(actor) },
    // Back to the list as it was, with the application open.
    { successHref: (input) => admissionsHref(query, input.id), what: "Admissions" },
  );
}

export default function Students({ loaderData, actionData }: Route.ComponentProps) {
  const { query } = loaderData;
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
        />
      ) : loaderData.students ? (
        <StudentsTab list={loaderData.students} query={query} />
      ) : loaderData.payments ? (
        <PaymentsTab list={loaderData.payments.list} query={loaderData.payments.query} />
      ) : null}
    </>
  );
}

function ApplicationsTab({
  query,
  data,
  now,
  defaultDeadline,
  actionData,
}: {
  query: AdmissionsQuery;
  data: NonNullable<Route.ComponentProps["loaderData"]["applications"]>;
  now: string;
  defaultDeadline: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { list, counts, intakes, admins, application, timeline, person, confirm } = data;
  const { payments, paymentConfirm } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A confirmation shows its own reply; everything else is toasted here.
  useActionReply(confirm || paymentConfirm ? undefined : actionData);
  useRevealOnOpen("application-details", application?.id ?? null);
  const closeHref = admissionsHref(query);
  const openHref = application ? admissionsHref(query, application.id) : closeHref;
  return (
    <>
      {/* On a phone an open application comes first; 'Close application' leads back here. */}
      <div className={application ? "max-md:hidden" : undefined}>
        <ApplicationStatusCounts query={query} counts={counts} />
        <ApplicationFilters query={query} intakes={intakes} />
      </div>
      <div
        className={
          application
            ? "grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]"
            : undefined
        }
      >
        <section
          aria-label="Applications"
          aria-busy={navigation.state === "loading"}
          className={`rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${application ? "max-xl:hidden" : ""}`}
        >
          <ApplicationList
            items={list.applications}
            query={query}
            openId={application?.id ?? null}
            now={now}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
            <p className="text-slate-600 dark:text-slate-300">
              {list.pagination.total.toLocaleString("en-NG")}{" "}
              {list.pagination.total === 1 ? "application" : "applications"}
            </p>
            <Pagination
              page={list.pagination.page}
              totalPages={list.pagination.totalPages}
              hrefFor={(page) => admissionsHref({ ...query, page })}
              label="Application pages"
            />
          </div>
        </section>
        {application ? (
          <section
            id="application-details"
            aria-label="Application details"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <ApplicationDetail
              application={application}
              admins={admins}
              timeline={timeline}
              person={person}
              closeHref={closeHref}
              confirmHref={(move) => `${openHref}&confirm=${move}`}
              applicationHref={(id) => admissionsHref(query, id)}
              now={now}
              payments={
                payments ? (
                  <PaymentSection
                    payments={payments}
                    confirmHref={(move, target) => `${openHref}&confirm=${move}&target=${target}`}
                  />
                ) : null
              }
            />
          </section>
        ) : null}
      </div>
      {application && confirm ? (
        <AdmissionConfirmModal
          key={confirm}
          move={confirm}
          applicationId={application.id}
          fullName={application.fullName}
          defaultDeadline={defaultDeadline}
          savedReplies={data.savedReplies}
          draft={data.draft}
          reply={actionData}
          closeHref={openHref}
          onClose={() => navigate(openHref, { replace: true, preventScrollReset: true })}
        />
      ) : null}
      {application && payments && paymentConfirm ? (
        <PaymentConfirmModal
          key={`${paymentConfirm.confirm}-${paymentConfirm.target}`}
          confirm={paymentConfirm.confirm}
          target={paymentConfirm.target}
          applicationId={application.id}
          fullName={application.fullName}
          payments={payments}
          reply={actionData}
          closeHref={openHref}
          onClose={() => navigate(openHref, { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
