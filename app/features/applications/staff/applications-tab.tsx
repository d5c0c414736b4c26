import { type ReactNode, Suspense } from "react";
import { useNavigate } from "react-router";
import type { ActionReply } from "~/lib/forms/action-reply";
import { useActionReply } from "~/ui/form/use-action-reply";
import { lazyPart } from "~/ui/lazy-part";
import { Pagination } from "~/ui/list/pagination";
import { TriageLayout, TriageListFooter } from "~/ui/triage/triage-layout";
import { useRevealOnOpen } from "~/ui/use-reveal-on-open";
import { type AdmissionsQuery, admissionsHref } from "../list-url";
import { ApplicationFilters, ApplicationStatusCounts } from "./admissions-toolbar";
import { ApplicationList } from "./application-list";
import type { ApplicationsTabData } from "./applications-tab.server";

// An application's detail and its confirmations (and the form code they carry) are loaded when
// one is opened, not with the list.
const ApplicationDetail = lazyPart(() => import("./application-detail"), "ApplicationDetail");
const AdmissionConfirmModal = lazyPart(
  () => import("./admission-confirm-modal"),
  "AdmissionConfirmModal",
);

/**
 * The Applications tab: counts and filters, the list, and the open application with its
 * decisions. `payments` draws another feature's part of the open application (its payments and
 * their confirmations) given the open application's address; `paymentConfirmOpen` says one of
 * its confirmations is open, which shows its own reply.
 */
export function ApplicationsTab({
  query,
  data,
  now,
  defaultDeadline,
  actionData,
  payments,
  paymentConfirmOpen,
}: {
  query: AdmissionsQuery;
  data: ApplicationsTabData;
  now: string;
  defaultDeadline: string;
  actionData: ActionReply | undefined;
  payments: {
    section: (openHref: string) => ReactNode;
    confirm: (openHref: string, close: () => void) => ReactNode;
  };
  paymentConfirmOpen: boolean;
}) {
  const { list, counts, intakes, admins, application, timeline, person, confirm } = data;
  const navigate = useNavigate();
  // A confirmation shows its own reply; everything else is toasted here.
  useActionReply(actionData, { heldByOpenForm: Boolean(confirm) || paymentConfirmOpen });
  useRevealOnOpen("application-details", application?.id ?? null);
  const closeHref = admissionsHref(query);
  const openHref = application ? admissionsHref(query, application.id) : closeHref;
  return (
    <>
      <TriageLayout
        toolbar={
          <>
            <ApplicationStatusCounts query={query} counts={counts} />
            <ApplicationFilters query={query} intakes={intakes} />
          </>
        }
        listLabel="Applications"
        list={
          <>
            <ApplicationList
              items={list.applications}
              query={query}
              openId={application?.id ?? null}
              now={now}
            />
            <TriageListFooter
              count={`${list.pagination.total.toLocaleString("en-NG")} ${list.pagination.total === 1 ? "application" : "applications"}`}
              pages={
                <Pagination
                  page={list.pagination.page}
                  totalPages={list.pagination.totalPages}
                  hrefFor={(page) => admissionsHref({ ...query, page })}
                  label="Application pages"
                />
              }
            />
          </>
        }
        detail={
          application
            ? {
                id: "application-details",
                label: "Application details",
                content: (
                  <ApplicationDetail
                    application={application}
                    admins={admins}
                    timeline={timeline}
                    person={person}
                    closeHref={closeHref}
                    confirmHref={(move) => `${openHref}&confirm=${move}`}
                    applicationHref={(id) => admissionsHref(query, id)}
                    now={now}
                    payments={payments.section(openHref)}
                    reply={actionData}
                  />
                ),
              }
            : null
        }
      />
      {application && confirm ? (
        <Suspense>
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
        </Suspense>
      ) : null}
      {application ? (
        <Suspense>
          {payments.confirm(openHref, () =>
            navigate(openHref, { replace: true, preventScrollReset: true }),
          )}
        </Suspense>
      ) : null}
    </>
  );
}
